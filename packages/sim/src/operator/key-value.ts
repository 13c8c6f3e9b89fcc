// readKeyValuePair (TaskUiScopeDefault.kt:270-283) and resolveKeyValuePair (:1389-1469 @ v0.5.2): from the first
// label match, walk up the ancestors; the first one that is a row / list item / card, or that has children after the
// branch holding the label, decides the value: among those following children and their subtrees, the first node with
// a non-blank label whose resource id ends with `/summary`, else the first with a non-blank label.
import { IllegalStateException } from './kotlin.ts';
import { findAllByMatcher } from './matcher.ts';
import { matcherString, type NodeMatcher, type TaskRetry } from './model.ts';
import type { AppNode } from './node-tree.ts';
import { withRetry } from './retry-loop.ts';
import { freshTree, type UiContext } from './ui-scope.ts';

const fail = (message: string): never => {
  throw new IllegalStateException(message);
};

function flatten(node: AppNode): AppNode[] {
  return [node, ...node.children.flatMap(flatten)];
}

function valueAmong(siblingsAfter: readonly AppNode[]): AppNode {
  const candidates = siblingsAfter.flatMap(flatten).filter((n) => n.label.trim() !== '');
  return candidates.find((n) => n.resourceId?.endsWith('/summary')) ?? candidates[0] ?? fail('VALUE_NODE_NOT_FOUND');
}

export function resolveKeyValuePair(root: AppNode, labelMatcher: NodeMatcher): [string, string] {
  const labelNode = findAllByMatcher(labelMatcher, root)[0] ?? fail('NODE_NOT_FOUND');
  const path: AppNode[] = [];
  const pathTo = (current: AppNode): boolean => {
    path.push(current);
    if (current.id === labelNode.id) return true;
    for (const child of current.children) if (pathTo(child)) return true;
    path.pop();
    return false;
  };
  if (!pathTo(root)) fail('NODE_NOT_FOUND');
  const label = labelNode.label.trim() !== '' ? labelNode.label : (labelNode.contentDescription ?? '');
  for (let i = path.length - 2; i >= 0; i--) {
    const parent = path[i]!;
    const inPath = path[i + 1]!;
    const at = parent.children.findIndex((c) => c.id === inPath.id);
    const siblingsAfter = parent.children.slice(at + 1);
    if (parent.role === 'row' || parent.role === 'listitem' || parent.role === 'card') {
      if (siblingsAfter.length === 0) fail('VALUE_NODE_NOT_FOUND');
      return [label, valueAmong(siblingsAfter).label];
    }
    if (siblingsAfter.length > 0) return [label, valueAmong(siblingsAfter).label];
  }
  return fail('VALUE_NODE_NOT_FOUND');
}

export function readKeyValuePair(
  ctx: UiContext,
  labelMatcher: NodeMatcher,
  retry: TaskRetry,
): Promise<[string, string]> {
  const id = `readKeyValuePair(${matcherString(labelMatcher)})`;
  return withRetry(ctx, 'TaskUiScope', retry, { id, label: id }, async () => {
    ctx.log.d('TaskUiScope', `[TaskUiScope] readKeyValuePair: ${matcherString(labelMatcher)}`);
    return resolveKeyValuePair(freshTree(ctx), labelMatcher);
  });
}
