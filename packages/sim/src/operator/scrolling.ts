// Scrolling in TaskUiScopeDefault (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/
// TaskUiScopeDefault.kt @ v0.5.2): the container, the swipe geometry (:1055-1123), the leading-children signature
// (:1129-1142) and one scroll (scrollOnce, :749-853).
import { IllegalStateException, require } from './kotlin.ts';
import { type Direction, floatString, matcherString, type NodeMatcher, type TaskRetry } from './model.ts';
import { type AppNode, findAll as findInTree } from './node-tree.ts';
import { withRetry } from './retry-loop.ts';
import { find, freshTree, type UiContext } from './ui-scope.ts';

const fail = (message: string): never => {
  throw new IllegalStateException(message);
};

export const isScrollable = (n: AppNode) => n.scrollable;
export const firstScrollable = (root: AppNode) => findInTree(root, isScrollable)[0];

/** The container of a scroll (:628-647, :788-806): the match (or its first scrollable descendant), else the first scrollable node. */
export function resolveContainer(
  ctx: UiContext,
  tree: AppNode,
  container: NodeMatcher | undefined,
  firstChild: boolean,
): AppNode {
  if (!container) return firstScrollable(tree) ?? fail('No scrollable container visible');
  const matched = find(ctx, container, tree) ?? fail(`Container not found for ${matcherString(container)}`);
  if (isScrollable(matched)) return matched;
  if (firstChild)
    return firstScrollable(matched) ?? fail(`Scrollable container not found for ${matcherString(container)}`);
  return fail(`Scrollable container not found for ${matcherString(container)}`);
}

/** The container again after the swipe, or undefined when it is gone (:824-836). */
export function resolveContainerAfter(
  ctx: UiContext,
  tree: AppNode,
  container: NodeMatcher | undefined,
  firstChild: boolean,
) {
  if (!container) return firstScrollable(tree);
  const matched = find(ctx, container, tree);
  if (matched && isScrollable(matched)) return matched;
  if (matched && firstChild) return firstScrollable(matched);
  return undefined;
}

/** leadingChildSignature (:1129-1142). */
export function leadingSignature(container: AppNode, direction: Direction): string | undefined {
  const leading = container.children.slice(0, 3);
  if (leading.length === 0) return undefined;
  const vertical = direction === 'Down' || direction === 'Up';
  return leading
    .map((c) => `${c.resourceId ?? c.id}@${vertical ? `y=${c.bounds.top}` : `x=${c.bounds.left}`}`)
    .join('|');
}

/** gestureSwipeWithin (:1055-1123): Float arithmetic as the app does it. */
export function swipe(ctx: UiContext, node: AppNode, direction: Direction, distanceRatio: number): Promise<boolean> {
  const f = Math.fround;
  const r = f(distanceRatio);
  const forward = direction === 'Down' || direction === 'Right';
  const start = forward ? f(0.8 - f(r * 0.4)) : f(0.2 + f(r * 0.4));
  const end = forward ? f(start - f(r * 0.4)) : f(start + f(r * 0.4));
  const axis = direction === 'Down' || direction === 'Up' ? 'Y' : 'X';
  require(start >= 0 && start <= 1, () => `Computed start${axis}Ratio must be in [0,1], got ${floatString(start)}`);
  require(end >= 0 && end <= 1, () => `Computed end${axis}Ratio must be in [0,1], got ${floatString(end)}`);
  return ctx.tree.swipeWithin(ctx.job, node, axis === 'Y', start, end);
}

export type ScrollOutcome = 'Moved' | 'EdgeReached' | 'GestureFailed';
export interface ScrollOnceResult {
  outcome: ScrollOutcome;
  resolvedContainerId: string | undefined;
}

export interface ScrollParams {
  container: NodeMatcher | undefined;
  direction: Direction;
  distanceRatio: number;
  settleDelayMs: number;
  findFirstScrollableChild: boolean;
}

/** scrollOnce (:749-853). */
export function scrollOnce(ctx: UiContext, p: ScrollParams, retry: TaskRetry) {
  const id = `scrollOnce(dir=${p.direction})`;
  return withRetry<ScrollOnceResult>(
    ctx,
    'TaskUiScope',
    retry,
    {
      id,
      label: id,
      successPayload: (result, elapsed, attempt) => ({
        direction: p.direction,
        outcome: result.outcome.toLowerCase(),
        elapsed_ms: String(elapsed),
        attempt: String(attempt),
      }),
    },
    async () => {
      require(p.distanceRatio >= 0 && p.distanceRatio <= 1, () =>
        `distanceRatio must be in [0,1], got ${floatString(p.distanceRatio)}`);
      const node = resolveContainer(ctx, freshTree(ctx), p.container, p.findFirstScrollableChild);
      const resolvedContainerId = node.resourceId;
      const before = leadingSignature(node, p.direction);
      if (!(await swipe(ctx, node, p.direction, p.distanceRatio))) {
        ctx.log.d('TaskUiScope', '[TaskUiScope] scrollOnce: gesture rejected by OS');
        return { outcome: 'GestureFailed', resolvedContainerId };
      }
      await ctx.job.delay(p.settleDelayMs);
      const after = resolveContainerAfter(ctx, freshTree(ctx), p.container, p.findFirstScrollableChild);
      if (!after) return { outcome: 'EdgeReached', resolvedContainerId };
      const sigAfter = leadingSignature(after, p.direction);
      const moved = before !== undefined && sigAfter !== undefined && sigAfter !== before;
      ctx.log.d(
        'TaskUiScope',
        `[TaskUiScope] scrollOnce: signature ${moved ? 'changed - moved' : 'unchanged - edge_reached'}`,
      );
      return { outcome: moved ? 'Moved' : 'EdgeReached', resolvedContainerId };
    },
  );
}
