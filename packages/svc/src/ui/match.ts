// The NodeMatcher: every given field must hold (AND); only nodes visible on screen (non-empty bounds) are
// candidates; results come in document order. Text values are compared as the dump shows them after XML unescaping.
import type { NodeMatcher } from '../contracts/types.ts';
import { area, type UiNode, type UiTree, walk } from './node.ts';
import { inferRole } from './roles.ts';

export function matches(node: UiNode, m: NodeMatcher): boolean {
  if (m.resourceId !== undefined && node.resourceId !== m.resourceId) return false;
  if (m.textEquals !== undefined && node.text !== m.textEquals) return false;
  if (m.textContains !== undefined && !node.text.includes(m.textContains)) return false;
  if (m.contentDescEquals !== undefined && node.desc !== m.contentDescEquals) return false;
  if (m.contentDescContains !== undefined && !node.desc.includes(m.contentDescContains)) return false;
  if (m.role !== undefined && inferRole(node) !== m.role) return false;
  return true;
}

export function isVisible(node: UiNode): boolean {
  return area(node.bounds) > 0;
}

/** Where to look: one node's subtree, or the whole tree. */
export type Scope = UiTree | UiNode;

function* candidates(scope: Scope): Generator<UiNode> {
  if ('roots' in scope) for (const root of scope.roots) yield* walk(root);
  else yield* walk(scope);
}

export function findAll(scope: Scope, m: NodeMatcher): UiNode[] {
  const out: UiNode[] = [];
  for (const node of candidates(scope)) if (isVisible(node) && matches(node, m)) out.push(node);
  return out;
}

export function findFirst(scope: Scope, m: NodeMatcher): UiNode | undefined {
  for (const node of candidates(scope)) if (isVisible(node) && matches(node, m)) return node;
  return undefined;
}

/** How many visible nodes a matcher finds (the inspector's live count). */
export function countMatches(scope: Scope, m: NodeMatcher): number {
  let n = 0;
  for (const node of candidates(scope)) if (isVisible(node) && matches(node, m)) n++;
  return n;
}
