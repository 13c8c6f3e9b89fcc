// Where a finger must land so that a tap reaches a given node, worked out from the dump the way Android dispatches
// touches (ViewGroup.dispatchTouchEvent): children before their parent, the topmost child under the point first, and
// a disabled clickable view takes the touch too and does nothing (View.onTouchEvent).
//
// What a dump does NOT say is which sibling is on top. uiautomator writes children in accessibility order, which
// Android sorts by position (ViewGroup.addChildrenForAccessibility -> ChildListForAccessibility.obtain(parent, true)
// -> ViewLocationHolder.compareTo: above/below stripes, left, top, taller first, wider first), not in drawing order:
// a full-screen video or map layer drawn UNDER a button can come after it in the dump. Only the `drawing-order`
// attribute (a node's drawing position among its siblings, AccessibilityNodeInfo.getDrawingOrder; dumps of the
// newest Android versions carry it) tells. So a sibling drawn over the target covers it only where both carry
// `drawing-order`; elsewhere the tap is never refused for "covered", as every peer simply taps.
import type { UiNode, UiTree } from './node.ts';
import { centerOf } from './node.ts';

const handlesTouches = (n: UiNode) => n.clickable || n.longClickable;

function contains(node: UiNode, x: number, y: number): boolean {
  const b = node.bounds;
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

/**
 * The node's `drawing-order` (higher = drawn later, on top of its lower siblings), undefined when not dumped or 0:
 * a view counts from 1 (View.populateAccessibilityNodeInfoDrawingOrderInParent) and a virtual node (Compose, a web
 * page) never sets it, so its 0 says nothing (a real Android 16 capture: Compose's "Exit fullscreen" button at 0
 * beside the video player's view at 1, drawn over it; Goddiewayne/StreamVerse-TV window_dump_fs.xml).
 */
function drawingOrder(node: UiNode): number | undefined {
  const n = Number(node.attributes['drawing-order'] ?? '');
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Some view in `node`'s subtree takes a touch at (x, y): the touch enters only views whose bounds hold it. */
function claims(node: UiNode, x: number, y: number): boolean {
  if (!contains(node, x, y)) return false;
  return handlesTouches(node) || node.children.some((c) => claims(c, x, y));
}

const siblingsOf = (tree: UiTree, node: UiNode) => node.parent?.children ?? tree.roots;

type Reach = 'yes' | 'maybe' | 'no';

/**
 * Whether a touch at (x, y) reaches `target`: no, when a view of its own subtree takes the point (a child always
 * gets the touch before its parent) or a sibling of it or of an ancestor, drawn later by `drawing-order`, takes it;
 * maybe, when a sibling whose drawing order the dump does not give takes it; else yes.
 */
function reaches(tree: UiTree, target: UiNode, x: number, y: number): Reach {
  if (!contains(target, x, y) || target.children.some((c) => claims(c, x, y))) return 'no';
  let reach: Reach = 'yes';
  for (let n: UiNode | undefined = target; n; n = n.parent) {
    const own = drawingOrder(n);
    for (const sibling of siblingsOf(tree, n)) {
      if (sibling === n || !claims(sibling, x, y)) continue;
      const other = drawingOrder(sibling);
      if (own === undefined || other === undefined) reach = 'maybe';
      else if (other > own) return 'no';
    }
  }
  return reach;
}

/**
 * The dump carries `drawing-order` (the newest Android versions write it on every node). Then a point that does not
 * reach the target is known not to (its own clickable child, or a sibling drawn later by both orders, takes it), even
 * where some other sibling group on the way has a node of unknown order (a virtual node's 0): such a group only makes
 * a point "maybe", never "no". A dump without it is never refused for "covered".
 */
const hasDrawingOrder = (tree: UiTree) => tree.nodes.some((n) => n.attributes['drawing-order'] !== undefined);

/**
 * The node a touch at (x, y) reaches, dispatched as Android does: the topmost child under the point first (by
 * `drawing-order` where the dump has it, else the later in the dump), its subtree before it, then the view itself.
 */
export function touchedNode(tree: UiTree, x: number, y: number): UiNode | undefined {
  const dispatch = (nodes: readonly UiNode[]): UiNode | undefined => {
    const inOrder = nodes.every((n) => drawingOrder(n) !== undefined)
      ? [...nodes].sort((a, b) => (drawingOrder(b) as number) - (drawingOrder(a) as number))
      : [...nodes].reverse();
    for (const node of inOrder) {
      if (!contains(node, x, y)) continue;
      const hit = dispatch(node.children) ?? (handlesTouches(node) ? node : undefined);
      if (hit) return hit;
    }
    return undefined;
  };
  return dispatch(tree.roots);
}

/** Grid steps across the target tried after the two centres (a 5 x 5 grid of cell centres). */
const GRID = 5;

/**
 * A point whose touch reaches `target`: the centre of the matched node when the target takes it there, else the
 * target's centre, else the first cell centre of a grid over the target; a point only maybe reached (a sibling whose
 * drawing order is unknown also spans it) when none is surely reached. Undefined only when the dump's drawing orders
 * show that other views cover every one of them; without drawing orders, the first of the two centres inside the
 * target.
 */
export function tapPointFor(tree: UiTree, matched: UiNode, target: UiNode): { x: number; y: number } | undefined {
  const b = target.bounds;
  const candidates = [centerOf(matched.bounds), centerOf(b)];
  for (let row = 0; row < GRID; row++) {
    for (let col = 0; col < GRID; col++) {
      candidates.push({
        x: Math.floor(b.left + ((col + 0.5) * (b.right - b.left)) / GRID),
        y: Math.floor(b.top + ((row + 0.5) * (b.bottom - b.top)) / GRID),
      });
    }
  }
  const inside = candidates.filter((p) => contains(target, p.x, p.y));
  let maybe: { x: number; y: number } | undefined;
  for (const p of inside) {
    const reach = reaches(tree, target, p.x, p.y);
    if (reach === 'yes') return p;
    if (reach === 'maybe') maybe ??= p;
  }
  if (maybe) return maybe;
  return hasDrawingOrder(tree) ? undefined : (inside[0] ?? centerOf(b));
}
