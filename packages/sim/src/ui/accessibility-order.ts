// The order in which Android lists a view's children to accessibility, hence in a `uiautomator dump`: not the
// drawing order but a sort by position. AOSP frameworks/base core/java/android/view/ViewGroup.java:
// addChildrenForAccessibility -> ChildListForAccessibility.obtain(parent, true) -> Collections.sort(holders) with
// ViewLocationHolder.compareTo -> compareBoundsOfTree (default COMPARISON_STRATEGY_STRIPE, left-to-right layout):
//   1. a child wholly above the other comes first, wholly below comes after (the "stripe" test);
//   2. then the smaller left, then the smaller top;
//   3. then the taller first, then the wider first;
//   4. then the first descendant whose bounds differ from its own, compared the same way (a view that has one
//      comes after one that has none);
//   5. then the accessibility view id, given in creation order (here: the drawing position among siblings).
// Java's Collections.sort and V8's Array.prototype.sort are both a stable TimSort, so even where the stripe test
// is not transitive the two orders agree.
import type { Rect, UiNode } from './ui-node.ts';

const height = (r: Rect) => r.bottom - r.top;
const width = (r: Rect) => r.right - r.left;
const sameRect = (a: Rect, b: Rect) =>
  a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;

/** findViewByPredicateTraversal: the first node in depth-first order (itself excluded) with other bounds. */
function firstDifferentDescendant(node: UiNode): UiNode | undefined {
  for (const child of node.children) {
    if (!sameRect(child.bounds, node.bounds)) return child;
    const deeper = firstDifferentDescendant(child);
    if (deeper) return deeper;
  }
  return undefined;
}

function compareBoundsOfTree(a: UiNode, b: UiNode): number {
  const p = a.bounds;
  const q = b.bounds;
  if (p.bottom - q.top <= 0) return -1;
  if (p.top - q.bottom >= 0) return 1;
  if (p.left !== q.left) return p.left - q.left;
  if (p.top !== q.top) return p.top - q.top;
  if (height(p) !== height(q)) return height(q) - height(p);
  if (width(p) !== width(q)) return width(q) - width(p);
  const childA = firstDifferentDescendant(a);
  const childB = firstDifferentDescendant(b);
  if (childA && childB) return compareBoundsOfTree(childA, childB);
  if (childA) return 1;
  if (childB) return -1;
  return 0;
}

/**
 * `children` (in drawing order, bottom first) in accessibility order, each with its drawing position among them
 * (1 = drawn first), as AccessibilityNodeInfo.getDrawingOrder reports it (View.populateAccessibilityNodeInfo
 * DrawingOrderInParent counts from 1).
 */
export function accessibilityOrder(children: readonly UiNode[]): { node: UiNode; drawingOrder: number }[] {
  const held = children.map((node, i) => ({ node, drawingOrder: i + 1 }));
  return held.sort((a, b) => compareBoundsOfTree(a.node, b.node) || a.drawingOrder - b.drawingOrder);
}
