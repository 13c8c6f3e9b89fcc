// The container a scroll acts on, resolved as the operator resolves it: without a container matcher, the first
// scrollable node; with one, the matched node if it scrolls, else (findFirstScrollableChild) its first scrollable
// descendant; no match is CONTAINER_NOT_FOUND, nothing scrollable is CONTAINER_NOT_SCROLLABLE.
import type { NodeMatcher } from '../contracts/types.ts';
import { candidates, findFirst } from './match.ts';
import { type UiNode, type UiTree, walk } from './node.ts';

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
 * A fingerprint of what a container shows: the text, description, id and bounds of every node below it. Equal
 * before and after a swipe means the list did not move: the end of the list, or a list that does not scroll.
 */
export function subtreeSignature(node: UiNode): string {
  const parts: string[] = [];
  for (const n of walk(node)) {
    const b = n.bounds;
    parts.push(`${n.resourceId}|${n.text}|${n.desc}|${b.left},${b.top},${b.right},${b.bottom}`);
  }
  return parts.join('\n');
}

/** The same container in a newer tree: same resource id and class, nearest to the old bounds. */
export function refindContainer(tree: UiTree, old: UiNode): UiNode | undefined {
  const same = tree.nodes.filter((n) => n.scrollable && n.resourceId === old.resourceId && n.cls === old.cls);
  const distance = (n: UiNode) => Math.abs(n.bounds.top - old.bounds.top) + Math.abs(n.bounds.left - old.bounds.left);
  return same.sort((a, b) => distance(a) - distance(b))[0];
}
