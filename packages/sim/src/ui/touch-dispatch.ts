// Which view a finger at (x, y) reaches, as ViewGroup.dispatchTouchEvent hands a touch down: the children under the
// point from the topmost drawn to the lowest, each child's subtree before the child itself, and the first view that
// takes it wins. The simulator's own screens hold their children in drawing order (later = drawn over the earlier,
// as a FrameLayout draws them); a captured dump holds them in accessibility order, so its `drawing-order` attribute
// decides where it has one, and the later in the dump is the guess where it has none.
import { contains, type UiNode } from './ui-node.ts';

/** `children`, topmost drawn first. */
function topmostFirst(children: readonly UiNode[]): UiNode[] {
  if (children.every((c) => c.drawingOrder !== undefined)) {
    return [...children].sort((a, b) => (b.drawingOrder as number) - (a.drawingOrder as number));
  }
  return [...children].reverse();
}

/** The view under (x, y) that `takes` the touch first, walking down from `root`. */
export function dispatchTouch(root: UiNode, x: number, y: number, takes: (n: UiNode) => boolean): UiNode | undefined {
  if (!contains(root.bounds, x, y)) return undefined;
  for (const child of topmostFirst(root.children)) {
    const hit = dispatchTouch(child, x, y, takes);
    if (hit) return hit;
  }
  return takes(root) ? root : undefined;
}
