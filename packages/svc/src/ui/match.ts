// The NodeMatcher as the operator app applies it (NodeMatcher.kt:19-27 over the candidate of
// TaskUiScopeDefault.kt:205-223 @ v0.5.2): every given field must hold (AND); textEquals / textContains test the
// node's label (its text, else its content description, node.ts labelOf); the *Contains forms and the role ignore
// case; a node without a content description never matches contentDescEquals / contentDescContains. The candidates
// are the nodes the app keeps on screen (on-screen.ts); results come in document order. Text values are compared as
// the dump shows them after XML unescaping.
// A resource id without `:id/` is the short form the compact screen prints (`username` for
// `com.svc.login:id/username`): it names that id in any package.
import type { NodeMatcher } from '../contracts/types.ts';
import { labelOf, type UiNode, type UiTree } from './node.ts';
import { isOnScreen, keptBelow, keptNodes } from './on-screen.ts';
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

/** Kotlin's `contains(other, ignoreCase = true)`. */
const containsIgnoringCase = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());

export function matches(node: UiNode, m: NodeMatcher): boolean {
  if (m.resourceId !== undefined && !resourceIdMatches(node.resourceId, m.resourceId)) return false;
  if (m.role !== undefined && inferRole(node)?.toLowerCase() !== m.role.toLowerCase()) return false;
  if (m.textEquals !== undefined && labelOf(node) !== m.textEquals) return false;
  if (m.textContains !== undefined && !containsIgnoringCase(labelOf(node), m.textContains)) return false;
  // A dump writes content-desc="" for a node without one (the app's null): it matches neither form.
  if (m.contentDescEquals !== undefined && (node.desc === '' || node.desc !== m.contentDescEquals)) return false;
  if (
    m.contentDescContains !== undefined &&
    (node.desc === '' || !containsIgnoringCase(node.desc, m.contentDescContains))
  )
    return false;
  // A page's element carries the CSS selectors of the execution it matches (web-pages/web-source.ts).
  if (m.css !== undefined && !(node.attributes[CSS_MATCHES] ?? '').split('\u0000').includes(m.css)) return false;
  return true;
}

/** The attribute of a page's element that lists the execution's CSS selectors it matches, NUL-separated. */
export const CSS_MATCHES = 'svc-css-matches';

/** The node is one the operator app would match against (on-screen.ts). */
export function isVisible(node: UiNode): boolean {
  return isOnScreen(node);
}

/** Where to look: one node's subtree (a node found among the candidates), or the whole tree. */
export type Scope = UiTree | UiNode;

export function candidates(scope: Scope): Generator<UiNode> {
  return 'roots' in scope ? keptNodes(scope) : keptBelow(scope);
}

export function findAll(scope: Scope, m: NodeMatcher): UiNode[] {
  const out: UiNode[] = [];
  for (const node of candidates(scope)) if (matches(node, m)) out.push(node);
  return out;
}

export function findFirst(scope: Scope, m: NodeMatcher): UiNode | undefined {
  for (const node of candidates(scope)) if (matches(node, m)) return node;
  return undefined;
}

/** How many candidates a matcher finds (the inspector's live count). */
export function countMatches(scope: Scope, m: NodeMatcher): number {
  let n = 0;
  for (const node of candidates(scope)) if (matches(node, m)) n++;
  return n;
}
