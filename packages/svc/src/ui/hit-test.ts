// Where a finger must land so that a tap reaches a given node, worked out from the dump the way Android dispatches
// touches: the topmost (last drawn, so last in document order) view under the point that handles touches takes it,
// and a disabled clickable view takes it too and does nothing (View.onTouchEvent). The operator clicks the target
// node itself; the adb driver can only tap a point, so it picks one where that node is what the touch reaches.
import type { UiNode, UiTree } from './node.ts';
import { centerOf } from './node.ts';

const handlesTouches = (n: UiNode) => n.clickable || n.longClickable;

function contains(node: UiNode, x: number, y: number): boolean {
  const b = node.bounds;
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

/** The node a touch at (x, y) reaches: the last node in document order under the point that handles touches. */
export function touchedNode(tree: UiTree, x: number, y: number): UiNode | undefined {
  let hit: UiNode | undefined;
  for (const node of tree.nodes) if (handlesTouches(node) && contains(node, x, y)) hit = node;
  return hit;
}

/** Grid steps across the target tried after the two centres (a 5 x 5 grid of cell centres). */
const GRID = 5;

/**
 * A point whose touch reaches `target`: the centre of the matched node when the target takes it there, else the
 * target's centre, else the first cell centre of a grid over the target. Undefined when other views cover all of
 * them (a tap would reach something else).
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
  return candidates.find((p) => contains(target, p.x, p.y) && touchedNode(tree, p.x, p.y) === target);
}
