// The container a scroll acts on, resolved as the operator resolves it: without a container matcher, the first
// scrollable node; with one, the matched node if it scrolls, else (findFirstScrollableChild) its first scrollable
// descendant; no match is CONTAINER_NOT_FOUND, nothing scrollable is CONTAINER_NOT_SCROLLABLE.
import type { NodeMatcher } from '../contracts/types.ts';
import { candidates, findFirst } from './match.ts';
import type { UiNode, UiTree } from './node.ts';

export type ContainerOutcome =
  | { ok: true; node: UiNode; auto: boolean }
  | { ok: false; code: 'CONTAINER_NOT_FOUND' | 'CONTAINER_NOT_SCROLLABLE'; message: string };

export function resolveContainer(
  tree: UiTree,
  matcher: NodeMatcher | undefined,
  findFirstScrollableChild: boolean,
): ContainerOutcome {
  if (matcher === undefined) {
    const first = [...candidates(tree)].find((n) => n.scrollable);
    if (!first) return { ok: false, code: 'CONTAINER_NOT_FOUND', message: 'no scrollable node on screen' };
    return { ok: true, node: first, auto: true };
  }
  const node = findFirst(tree, matcher);
  if (!node)
    return { ok: false, code: 'CONTAINER_NOT_FOUND', message: `no container matches ${JSON.stringify(matcher)}` };
  if (node.scrollable) return { ok: true, node, auto: false };
  const child = findFirstScrollableChild ? [...candidates(node)].find((n) => n.scrollable) : undefined;
  if (!child) return { ok: false, code: 'CONTAINER_NOT_SCROLLABLE', message: 'the container is not scrollable' };
  return { ok: true, node: child, auto: false };
}

/**
 * Whether a list moved, as the operator app tells it (leadingChildSignature, TaskUiScopeDefault.kt:1129-1142 @
 * v0.5.2): the container's first three children as `<id>@y=<top>` (`@x=<left>` for a sideways scroll), joined by
 * `|`; none without children (the app then reports the edge). Equal before and after a swipe means the list did not
 * move. A dump has no accessibility node id, so a child without a resource id is named by its class: what moves a
 * child's edge still changes the signature, and a change of content in place (a clock ticking) does not, as in the
 * app.
 */
export function leadingSignature(container: UiNode, vertical: boolean): string | undefined {
  const leading = container.children.slice(0, 3);
  if (leading.length === 0) return undefined;
  return leading
    .map((c) => `${c.resourceId || c.cls}@${vertical ? `y=${c.bounds.top}` : `x=${c.bounds.left}`}`)
    .join('|');
}

/** The same container in a newer tree: same resource id and class, nearest to the old bounds. */
export function refindContainer(tree: UiTree, old: UiNode): UiNode | undefined {
  const same = tree.nodes.filter((n) => n.scrollable && n.resourceId === old.resourceId && n.cls === old.cls);
  const distance = (n: UiNode) => Math.abs(n.bounds.top - old.bounds.top) + Math.abs(n.bounds.left - old.bounds.left);
  return same.sort((a, b) => distance(a) - distance(b))[0];
}
