// The selectors svc accepts for a node, most stable first, with their live counts: what the inspector offers, and
// what a `{ "ref": "e12" }` becomes (uniqueSelector). Counting is the host matcher's (match.ts, the one executions
// use with the adb driver and the one the shared matcher cases hold the operator to): this file only decides which
// matchers to try and in what order. Pure: no I/O.
import type { Candidate, Selector, SelectorCount } from '../contracts/inspector.ts';
import type { NodeMatcher } from '../contracts/types.ts';
import { shownInside } from './compact.ts';
import { findAll, findFirst } from './match.ts';
import { isWithin, type UiNode, type UiTree, walk } from './node.ts';
import { inferRole } from './roles.ts';

export type { Candidate, Selector, SelectorCount };

// The spec's stability order (resource id, exact description, exact text, substrings, role), with the combinations
// that make a repeated id or text unique in between: a list row's id plus its text beats its text alone.
const STABILITY = [
  'resourceId',
  'resourceId+textEquals',
  'resourceId+contentDescEquals',
  'contentDescEquals',
  'textEquals',
  'role+textEquals',
  'role+contentDescEquals',
  'text inside',
  'role+container',
  'textContains',
  'contentDescContains',
  'role',
] as const;

export function countSelector(tree: UiTree, selector: Selector): SelectorCount {
  let scope: UiTree | UiNode = tree;
  if (selector.container !== undefined) {
    const container = findFirst(tree, selector.container);
    if (container === undefined) return { count: 0, first: null, matches: [] };
    scope = container;
  }
  const found = findAll(scope, selector.matcher);
  const matches = found.map((node) => node.order);
  return { count: found.length, first: matches[0] ?? null, matches };
}

/** Every selector svc would accept for `node`, counted, unique-and-hitting first, then by stability. */
export function suggestSelectors(tree: UiTree, node: UiNode): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  const add = (kind: (typeof STABILITY)[number], selector: Selector) => {
    const key = JSON.stringify(selector);
    if (seen.has(key)) return;
    seen.add(key);
    const counted = countSelector(tree, selector);
    const first = counted.first === null ? undefined : tree.nodes[counted.first];
    out.push({ kind, ...selector, ...counted, hitsNode: first !== undefined && isWithin(first, node) });
  };
  const role = inferRole(node);
  const text = node.text.trim() === '' ? undefined : node.text;
  const desc = node.desc.trim() === '' ? undefined : node.desc;
  if (node.resourceId !== '') add('resourceId', { matcher: { resourceId: node.resourceId } });
  if (node.resourceId !== '' && text) {
    add('resourceId+textEquals', { matcher: { resourceId: node.resourceId, textEquals: text } });
  }
  if (node.resourceId !== '' && desc) {
    add('resourceId+contentDescEquals', { matcher: { resourceId: node.resourceId, contentDescEquals: desc } });
  }
  if (desc) add('contentDescEquals', { matcher: { contentDescEquals: desc } });
  if (text) add('textEquals', { matcher: { textEquals: text } });
  if (role && text) add('role+textEquals', { matcher: { role, textEquals: text } });
  if (role && desc) add('role+contentDescEquals', { matcher: { role, contentDescEquals: desc } });
  // A row without text of its own is found through the text it holds; a click on that text lands on the row, the
  // nearest clickable ancestor (ui/relations.ts clickableSelfOrAncestor).
  const inner = text || desc || !(node.clickable || node.longClickable) ? undefined : firstLabelled(node);
  if (inner) add('text inside', { matcher: { textEquals: inner } });
  const container = role ? uniqueContainerOf(tree, node) : undefined;
  if (role && container) add('role+container', { matcher: { role }, container });
  if (text && text.length > 3) add('textContains', { matcher: { textContains: text } });
  if (desc && desc.length > 3) add('contentDescContains', { matcher: { contentDescContains: desc } });
  if (role) add('role', { matcher: { role } });
  const rank = (c: Candidate) => (c.count === 1 && c.hitsNode ? 0 : 1) * 100 + STABILITY.indexOf(c.kind as never);
  return out.sort((a, b) => rank(a) - rank(b));
}

/**
 * The most stable matcher that finds `node` itself and nothing else on this screen (no container, not a text inside
 * it), or undefined when its id, text and label cannot tell it apart.
 */
export function uniqueSelector(tree: UiTree, node: UiNode): NodeMatcher | undefined {
  const own = suggestSelectors(tree, node).find(
    (c) => c.count === 1 && c.first === node.order && c.container === undefined,
  );
  return own?.matcher;
}

/**
 * For an element without text or label of its own (a list row), the selector of a text it shows (a node the compact
 * line of the element reads through it) that finds that text and nothing else on this screen. Actions reach the
 * element through it: a click lands on the nearest clickable ancestor, which is the element; a read gives that
 * text; a wait or a scroll finds it. Undefined when no text inside it is unique.
 */
export function selectorThroughText(tree: UiTree, node: UiNode): NodeMatcher | undefined {
  if (node.text.trim() !== '' || node.desc.trim() !== '') return undefined;
  for (const inner of shownInside(node)) {
    if (inner.text.trim() === '' && inner.desc.trim() === '') continue;
    const matcher = uniqueSelector(tree, inner);
    if (matcher !== undefined) return matcher;
  }
  return undefined;
}

/** The first non-blank text below a node (not the node itself). */
function firstLabelled(node: UiNode): string | undefined {
  for (const n of walk(node)) if (n !== node && n.text.trim() !== '') return n.text;
  return undefined;
}

/** The nearest ancestor with a resource id that appears once on screen: a scope for role-only matchers. */
function uniqueContainerOf(tree: UiTree, node: UiNode): NodeMatcher | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (n.resourceId === '') continue;
    const matcher = { resourceId: n.resourceId };
    if (findAll(tree, matcher).length === 1) return matcher;
  }
  return undefined;
}
