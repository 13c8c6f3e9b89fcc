// A materialized node of the on-screen tree (what uiautomator and the accessibility service see).
import type { NodeDef } from './app-def.ts';

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface UiNode {
  /**
   * Position among the parent's children, counting the ones off screen (AccessibilityNodeInfoDumper writes the
   * child loop's index and skips invisible children, so a dump shows gaps). Rows of a scrolling list that are not
   * on screen do not exist at all (recycled), so they leave no gap.
   */
  index: number;
  cls: string;
  resourceId: string;
  text: string;
  /** Text fields: the hint shown while empty ('' when none). */
  hint: string;
  desc: string;
  pkg: string;
  clickable: boolean;
  longClickable: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  checkable: boolean;
  checked: boolean;
  password: boolean;
  enabled: boolean;
  selected: boolean;
  bounds: Rect;
  children: UiNode[];
  parent: UiNode | undefined;
  /** Stable key of the node inside its screen (state of fields, switches and scroll offsets hangs off it). */
  key: string;
  def: NodeDef;
  /** Row number inside a `repeat` (the `{i}` of its templates). */
  row: number | undefined;
  /** A captured dump's `drawing-order` (position among its siblings when drawn), when the dump has one. */
  drawingOrder?: number;
  /** Scrollable containers: how far the content can still move, in pixels, each way along the axis. */
  scroll?: { axis: 'vertical' | 'horizontal'; offset: number; max: number };
}

/** As Android prints a Rect: whole pixels (a view scrolled by a fraction of a pixel still lands on one). */
export function rectString(r: Rect): string {
  const p = Math.round;
  return `[${p(r.left)},${p(r.top)}][${p(r.right)},${p(r.bottom)}]`;
}

export function area(r: Rect): number {
  return Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
}

export function centerOf(r: Rect): { x: number; y: number } {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

export function contains(r: Rect, x: number, y: number): boolean {
  return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
}

/** Depth-first, document order (the order uiautomator dumps and the operator searches). */
export function* walk(node: UiNode): Generator<UiNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

/** Clicking a label clicks its row: the node itself when clickable, else its nearest clickable ancestor. */
export function clickableSelfOrAncestor(
  node: UiNode,
  want: (n: UiNode) => boolean = (n) => n.clickable,
): UiNode | undefined {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (want(n) && n.enabled) return n;
  return undefined;
}
