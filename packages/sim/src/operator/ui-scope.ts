// TaskUiScopeDefault's reads, clicks and text entry (apps/android/shared/data/task/src/main/kotlin/clawperator/task/
// runner/TaskUiScopeDefault.kt @ v0.5.2, lines per function). Every attempt reads a fresh, on-screen-filtered tree of
// the active window and uses the first match in depth-first order.
import type { DeviceBridge } from './device-bridge.ts';
import type { Inspector } from './inspector.ts';
import { withTimeout } from './job.ts';
import { IllegalStateException, TimeoutCancellationException } from './kotlin.ts';
import { findAllByMatcher } from './matcher.ts';
import { type ClickType, matcherString, type NodeMatcher, type Point, pointString, type TaskRetry } from './model.ts';
import type { AppNode } from './node-tree.ts';
import { type RetryContext, withRetry } from './retry-loop.ts';
import type { TreeManager } from './tree-manager.ts';

export interface UiContext extends RetryContext {
  inspector: Inspector;
  tree: TreeManager;
  bridge: DeviceBridge;
}

const TAG = '[TaskUiScope]';
const fail = (message: string): never => {
  throw new IllegalStateException(message);
};

/** `currentUiTreeFiltered()` (:1019-1024). */
export function freshTree(ctx: UiContext): AppNode {
  return ctx.inspector.filteredTree() ?? fail('UI tree not available');
}

/** findAllNodesByMatcher runs in withContext(IO) (:205-223): a suspension point. */
export function findAll(ctx: UiContext, m: NodeMatcher, root: AppNode): AppNode[] {
  ctx.job.ensureActive();
  return findAllByMatcher(m, root);
}

export const find = (ctx: UiContext, m: NodeMatcher, root: AppNode) => findAll(ctx, m, root)[0];

const rectString = (n: AppNode) => {
  const b = n.bounds;
  return `Rect(left=${b.left}.0, top=${b.top}.0, right=${b.right}.0, bottom=${b.bottom}.0)`;
};

/** TaskUiNode.toString (TaskUiNode.kt:27). */
export const taskUiNodeString = (n: AppNode) =>
  `TaskUiNode(resourceId=${n.resourceId ?? 'null'}, label='${n.label}', clickable=${n.isClickable}, role=${n.role}, bounds=${rectString(n)})`;

/** waitForNode (:225-268): with timeoutMs the whole retry loop runs under withTimeout(timeoutMs). */
export async function waitForNode(
  ctx: UiContext,
  m: NodeMatcher,
  retry: TaskRetry,
  timeoutMs?: number,
): Promise<AppNode> {
  const operation = (c: UiContext) =>
    withRetry(
      c,
      'TaskUiScope',
      retry,
      { id: `waitForNode(${matcherString(m)})`, label: `waitForNode(${matcherString(m)})` },
      async () => {
        c.log.d('TaskUiScope', `${TAG} Waiting for node matching: ${matcherString(m)}`);
        const node = find(c, m, freshTree(c)) ?? fail(`No UI node found matching criteria: ${matcherString(m)}`);
        c.log.d('TaskUiScope', `${TAG} Found matching node: ${taskUiNodeString(node)}`);
        return node;
      },
    );
  if (timeoutMs === undefined) return operation(ctx);
  try {
    return await withTimeout(ctx.job, timeoutMs, (child) => operation({ ...ctx, job: child }));
  } catch (e) {
    if (e instanceof TimeoutCancellationException) {
      fail(`Timeout waiting for node matching: ${matcherString(m)} (timeoutMs=${timeoutMs})`);
    }
    throw e;
  }
}

type Validator = (text: string) => boolean;

/** getText / getValidatedText (:140-198, :285-309), optionally inside a container (:332-409). */
export function readText(
  ctx: UiContext,
  m: NodeMatcher,
  retry: TaskRetry,
  container?: NodeMatcher,
  validator?: Validator,
) {
  const where = container
    ? `(matcher=${matcherString(m)}, container=${matcherString(container)})`
    : `(${matcherString(m)})`;
  const name = `${validator ? 'getValidated' : 'get'}Text${container ? 'WithinContainer' : ''}${where}`;
  const within = container ? ` within container: ${matcherString(container)}` : '';
  return withRetry(ctx, 'TaskUiScope', retry, { id: name, label: name }, async () => {
    ctx.log.d(
      'TaskUiScope',
      `${TAG} Getting ${validator ? 'validated ' : ''}text for node matching: ${matcherString(m)}${within}`,
    );
    let scope = freshTree(ctx);
    if (container) scope = find(ctx, container, scope) ?? fail(`Container not found for: ${matcherString(container)}`);
    const node = find(ctx, m, scope) ?? fail(`No UI node found matching criteria: ${matcherString(m)}${within}`);
    const text = node.label;
    if (text.trim() === '') fail('Matching UI node has no text content');
    if (validator && !validator(text)) {
      const suffix = container ? ' within container' : '';
      ctx.log.d('TaskUiScope', `${TAG} Validation failed for text '${text}' from matching node${suffix}`);
      fail(`Validation failed for text '${text}' from matching UI node${suffix}`);
    }
    ctx.log.d('TaskUiScope', `${TAG} Got text from matching node${container ? ' within container' : ''}: '${text}'`);
    return text;
  });
}

/** getAllText / getAllTextWithinContainer (:311-330, :411-440): labels of every match, blank ones skipped. */
export function readAllText(ctx: UiContext, m: NodeMatcher, retry: TaskRetry, container?: NodeMatcher) {
  const name = container
    ? `getAllTextWithinContainer(matcher=${matcherString(m)}, container=${matcherString(container)})`
    : `getAllText(${matcherString(m)})`;
  return withRetry(ctx, 'TaskUiScope', retry, { id: name, label: name }, async () => {
    let scope = freshTree(ctx);
    if (container) scope = find(ctx, container, scope) ?? fail(`Container not found for: ${matcherString(container)}`);
    const texts = findAll(ctx, m, scope)
      .map((n) => n.label)
      .filter((t) => t.trim() !== '');
    ctx.log.d(
      'TaskUiScope',
      `${TAG} Got text from ${texts.length} matching nodes${container ? ' within container' : ''}`,
    );
    return texts;
  });
}

/** click (:442-505): by coordinate a gesture; by matcher the first match, through UiTreeManager.triggerClick. */
export function click(
  ctx: UiContext,
  target: { matcher?: NodeMatcher; coordinate?: Point },
  clickType: ClickType,
  retry: TaskRetry,
) {
  const { matcher, coordinate } = target;
  const id = coordinate ? `click(${pointString(coordinate)})` : `click(${matcherString(matcher!)})`;
  return withRetry(ctx, 'TaskUiScope', retry, { id, label: id }, async () => {
    if (coordinate) {
      ctx.log.d('TaskUiScope', `${TAG} Clicking coordinate: ${pointString(coordinate)}`);
      if (!(await ctx.tree.clickAt(ctx.job, coordinate, clickType)))
        fail(`Click at coordinate ${pointString(coordinate)} failed`);
      return;
    }
    const m = matcher ?? fail('click requires matcher or coordinate');
    ctx.log.d('TaskUiScope', `${TAG} Clicking node matching: ${matcherString(m)}`);
    const node = find(ctx, m, freshTree(ctx)) ?? fail(`No UI node found matching criteria: ${matcherString(m)}`);
    if (!(await ctx.tree.triggerClick(ctx.job, node, clickType))) fail('Click on matching UI node failed');
    ctx.log.d('TaskUiScope', `${TAG} Successfully clicked matching node`);
  });
}

/** enterText (:507-560). */
export function enterText(ctx: UiContext, m: NodeMatcher, text: string, submit: boolean, retry: TaskRetry) {
  const id = `enterText(${matcherString(m)})`;
  return withRetry(ctx, 'TaskUiScope', retry, { id, label: id }, async () => {
    ctx.log.d(
      'TaskUiScope',
      `${TAG} Entering text into node matching: ${matcherString(m)} (len=${text.length}, submit=${submit})`,
    );
    const node = find(ctx, m, freshTree(ctx)) ?? fail(`No UI node found matching criteria: ${matcherString(m)}`);
    if (!ctx.tree.setText(node, text, submit)) fail('Failed to set text on matching UI node');
    ctx.log.d('TaskUiScope', `${TAG} Successfully entered text into matching node`);
  });
}
