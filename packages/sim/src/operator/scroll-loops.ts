// The two scroll loops of TaskUiScopeDefault (apps/android/shared/data/task/src/main/kotlin/clawperator/task/runner/
// TaskUiScopeDefault.kt @ v0.5.2): scrollUntil behind scroll_and_click (:562-747) and scrollLoop behind scroll_until
// (:855-1045).
import { IllegalStateException, require } from './kotlin.ts';
import { matcherString, type NodeMatcher, RETRY, type TaskRetry } from './model.ts';
import type { AppNode } from './node-tree.ts';
import { withRetry } from './retry-loop.ts';
import {
  leadingSignature,
  resolveContainer,
  resolveContainerAfter,
  type ScrollParams,
  scrollOnce,
  swipe,
} from './scrolling.ts';
import { find, freshTree, type UiContext } from './ui-scope.ts';

/**
 * scrollUntil (:562-732): up to maxSwipes + 1 passes; each pass resolves the container first (no container throws,
 * even with the target visible), then looks for the target, else swipes, settles and compares the signature; two
 * unchanged passes in a row end it. A rejected gesture only waits the settle delay. Retried by `retry` on throws.
 */
export function scrollUntilFound(
  ctx: UiContext,
  target: NodeMatcher,
  p: ScrollParams & { maxSwipes: number },
  retry: TaskRetry,
): Promise<AppNode | undefined> {
  const id = `scrollUntil(target=${matcherString(target)})`;
  return withRetry(ctx, 'TaskUiScope', retry, { id, label: id }, async () => {
    require(p.distanceRatio >= 0 && p.distanceRatio <= 1, () =>
      `distanceRatio must be in [0,1], got ${p.distanceRatio}`);
    require(p.maxSwipes > 0, () => `maxSwipes must be > 0, got ${p.maxSwipes}`);
    freshTree(ctx);
    let stuck = 0;
    for (let swipeIndex = 0; swipeIndex <= p.maxSwipes; swipeIndex++) {
      const tree = freshTree(ctx);
      const node = resolveContainer(ctx, tree, p.container, p.findFirstScrollableChild);
      const found = find(ctx, target, tree);
      if (found) return found;
      if (swipeIndex === p.maxSwipes) return undefined;
      const before = leadingSignature(node, p.direction);
      if (!(await swipe(ctx, node, p.direction, p.distanceRatio))) {
        await ctx.job.delay(p.settleDelayMs);
        continue;
      }
      await ctx.job.delay(p.settleDelayMs);
      const after = resolveContainerAfter(ctx, freshTree(ctx), p.container, p.findFirstScrollableChild);
      if (!after) return undefined;
      const sigAfter = leadingSignature(after, p.direction);
      if (before !== undefined && sigAfter === before) {
        stuck++;
        if (stuck >= 2) return undefined;
      } else stuck = 0;
    }
    return undefined;
  });
}

export type TerminationReason =
  | 'TARGET_FOUND'
  | 'EDGE_REACHED'
  | 'MAX_SCROLLS_REACHED'
  | 'MAX_DURATION_REACHED'
  | 'NO_POSITION_CHANGE'
  | 'CONTAINER_NOT_FOUND'
  | 'CONTAINER_NOT_SCROLLABLE'
  | 'CONTAINER_LOST';

export interface LoopResult {
  reason: TerminationReason;
  scrolls: number;
  resolvedContainerId: string | undefined;
}

/** findVisibleTargetWithGracePeriod (:1026-1045): now, then 3 more looks every clamp(settle/2, 100, 500) ms. */
async function targetWithGrace(ctx: UiContext, target: NodeMatcher, settleDelayMs: number): Promise<boolean> {
  if (find(ctx, target, freshTree(ctx))) return true;
  const poll = Math.min(500, Math.max(100, settleDelayMs / 2));
  for (let i = 0; i < 3; i++) {
    await ctx.job.delay(poll);
    if (find(ctx, target, freshTree(ctx))) return true;
  }
  return false;
}

/** scrollLoop (:855-1017). */
export async function scrollLoop(
  ctx: UiContext,
  target: NodeMatcher | undefined,
  p: ScrollParams & { maxScrolls: number; maxDurationMs: number; noPositionChangeThreshold: number },
): Promise<LoopResult> {
  require(p.maxScrolls > 0, () => `maxScrolls must be > 0, got ${p.maxScrolls}`);
  require(p.distanceRatio >= 0 && p.distanceRatio <= 1, () => `distanceRatio must be in [0,1], got ${p.distanceRatio}`);
  const tree = freshTree(ctx); // outside the error handling: `UI tree not available` here ends the execution
  if (target && find(ctx, target, tree)) return { reason: 'TARGET_FOUND', scrolls: 0, resolvedContainerId: undefined };
  let resolvedContainerId: string | undefined;
  try {
    resolvedContainerId = resolveContainer(ctx, tree, p.container, p.findFirstScrollableChild).resourceId;
  } catch (e) {
    if (!(e instanceof IllegalStateException)) throw e;
    const reason = e.message.includes('Scrollable container not found')
      ? 'CONTAINER_NOT_SCROLLABLE'
      : 'CONTAINER_NOT_FOUND';
    ctx.log.w('TaskUiScope', `[TaskUiScope] scrollLoop: ${reason} - ${e.message}`);
    return { reason, scrolls: 0, resolvedContainerId: undefined };
  }
  const start = ctx.job.clock.now();
  let scrolls = 0;
  let noMovement = 0;
  const result = (reason: TerminationReason): LoopResult => ({ reason, scrolls, resolvedContainerId });
  for (;;) {
    if (ctx.job.clock.now() - start >= p.maxDurationMs) return result('MAX_DURATION_REACHED');
    if (scrolls >= p.maxScrolls) return result('MAX_SCROLLS_REACHED');
    let outcome: string;
    try {
      outcome = (await scrollOnce(ctx, p, RETRY.None)).outcome;
    } catch (e) {
      if (!(e instanceof IllegalStateException)) throw e;
      return result('CONTAINER_LOST');
    }
    scrolls++;
    if (outcome === 'EdgeReached') {
      if (target && (await targetWithGrace(ctx, target, p.settleDelayMs))) return result('TARGET_FOUND');
      return result('EDGE_REACHED');
    }
    if (outcome === 'GestureFailed') noMovement++;
    else {
      noMovement = 0;
      if (target && (await targetWithGrace(ctx, target, p.settleDelayMs))) return result('TARGET_FOUND');
    }
    if (noMovement >= p.noPositionChangeThreshold) return result('NO_POSITION_CHANGE');
  }
}
