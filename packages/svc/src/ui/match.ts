// The NodeMatcher: every given field must hold (AND); only nodes visible on screen (non-empty bounds) are
// candidates; results come in document order. Text values are compared as the dump shows them after XML unescaping.
// A resource id without `:id/` is the short form the compact screen prints (`username` for
// `com.svc.login:id/username`): it names that id in any package.
import type { NodeMatcher } from '../contracts/types.ts';
import { area, type UiNode, type UiTree, walk } from './node.ts';
import { inferRole } from './roles.ts';

const ID_PART = ':id/';

/** True for `username`, false for `com.svc.login:id/username` (the full form Android reports). */
export function isShortResourceId(value: string): boolean {
  return !value.includes(ID_PART);
}

/** `com.svc.login:id/username` → `username`; an id without `:id/` is its own short form. */
export function shortResourceId(resourceId: string): string {
  const at = resourceId.indexOf(ID_PART);
  return at === -1 ? resourceId : resourceId.slice(at + ID_PART.length);
}

/** A node's id against a matcher's: equal, or the short form equal to the part after `:id/`. */
export function resourceIdMatches(nodeId: string, wanted: string): boolean {
  if (nodeId === wanted) return true;
  return isShortResourceId(wanted) && nodeId.endsWith(`${ID_PART}${wanted}`);
}

export function matches(node: UiNode, m: NodeMatcher): boolean {
  if (m.resourceId !== undefined && !resourceIdMatches(node.resourceId, m.resourceId)) return false;
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
