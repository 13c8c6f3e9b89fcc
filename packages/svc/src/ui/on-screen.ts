// The nodes the operator app matches against: its filterOnScreenOnly (UiTreeFiltererDefault.kt:15-48 @ v0.5.2) as
// far as a `uiautomator dump` shows it. A node is kept when its bounds (edges put in order) have a positive width
// and height, it is visible to the user (uiautomator leaves invisible nodes out of its dump; a dump that writes a
// `visible-to-user` attribute says so per node) and it touches the window frame (WindowFrame.containsAny: edges
// included); a node that is not kept drops its whole subtree; a window's root is always kept. The frame is the
// screen, read from the root the node belongs to. Pure: no I/O.
import type { Rect, UiNode, UiTree } from './node.ts';

function normalized(r: Rect): Rect {
  return {
    left: Math.min(r.left, r.right),
    top: Math.min(r.top, r.bottom),
    right: Math.max(r.left, r.right),
    bottom: Math.max(r.top, r.bottom),
  };
}

function rootOf(node: UiNode): UiNode {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

/** The device frame: from (0, 0) to the far corner of the window's root. */
function frameOf(node: UiNode): { width: number; height: number } {
  const b = normalized(rootOf(node).bounds);
  return { width: b.right, height: b.bottom };
}

/** The node passes the filter on its own (its ancestors aside). */
function passes(node: UiNode, frame: { width: number; height: number }): boolean {
  const b = normalized(node.bounds);
  if (!(b.right - b.left > 0 && b.bottom - b.top > 0)) return false;
  if (node.attributes['visible-to-user'] === 'false') return false;
  return !(b.right < 0 || b.left > frame.width || b.bottom < 0 || b.top > frame.height);
}

/** The node is a candidate: it and every ancestor below its root pass (the root itself always stays). */
export function isOnScreen(node: UiNode): boolean {
  const frame = frameOf(node);
  for (let n: UiNode | undefined = node; n?.parent; n = n.parent) if (!passes(n, frame)) return false;
  return true;
}

/**
 * The candidates of one subtree in depth-first pre-order, `top` first. `top` is taken as kept (a root, or a node
 * already found among the candidates); below it a node that does not pass drops its subtree.
 */
export function* keptBelow(top: UiNode): Generator<UiNode> {
  const frame = frameOf(top);
  function* visit(node: UiNode): Generator<UiNode> {
    yield node;
    if (node.parent === undefined && !passes(node, frame)) return;
    for (const child of node.children) if (passes(child, frame)) yield* visit(child);
  }
  yield* visit(top);
}

/** The kept children of a kept node, in order (a root that does not pass keeps none). */
export function keptChildren(node: UiNode): UiNode[] {
  const frame = frameOf(node);
  if (node.parent === undefined && !passes(node, frame)) return [];
  return node.children.filter((child) => passes(child, frame));
}

/** Every candidate of the tree (each window's root and what is kept below it), in document order. */
export function* keptNodes(tree: UiTree): Generator<UiNode> {
  for (const root of tree.roots) yield* keptBelow(root);
}
