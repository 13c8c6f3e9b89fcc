// A node of a UI hierarchy as uiautomator and the accessibility service show it, with every attribute a dump
// carries (uiautomator's AccessibilityNodeInfoDumper: NAF, index, text, resource-id, class, package, content-desc,
// the state flags, bounds; hint and drawing-order on the newest API levels). Unknown attributes are kept as they are.

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface UiNode {
  /** Position among ALL children of the parent, as the dump says (invisible siblings leave gaps). */
  index: number;
  text: string;
  resourceId: string;
  cls: string;
  pkg: string;
  desc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  bounds: Rect;
  /** Every attribute as written in the dump (after XML unescaping), including ones svc does not interpret. */
  attributes: Readonly<Record<string, string>>;
  children: UiNode[];
  parent: UiNode | undefined;
  /** Depth-first document order across the whole tree, from 0. */
  order: number;
}

export interface UiTree {
  /** `rotation` of the hierarchy element (0 when absent). */
  rotation: number;
  /** The top-level nodes (one per window the dump covered). */
  roots: UiNode[];
  /** Every node in document order. */
  nodes: UiNode[];
}

export function area(r: Rect): number {
  return Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);
}

export function centerOf(r: Rect): { x: number; y: number } {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

export function rectString(r: Rect): string {
  return `[${r.left},${r.top}][${r.right},${r.bottom}]`;
}

/**
 * The node's label as the operator app reads it for matching and result data (AccessibilityNodeInfoExtAndroid.kt:
 * 266-271 @ v0.5.2): its text if not blank, else its content description if not blank, else "".
 */
export function labelOf(node: UiNode): string {
  if (node.text.trim() !== '') return node.text;
  return node.desc.trim() !== '' ? node.desc : '';
}

/** Depth-first, document order: the order uiautomator dumps and the operator searches. */
export function* walk(node: UiNode): Generator<UiNode> {
  yield node;
  for (const child of node.children) yield* walk(child);
}

/** True when `node` is `ancestor` or lies below it. */
export function isWithin(node: UiNode, ancestor: UiNode): boolean {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
}
