// A screen captured from a real phone (`svc-sim screen <serial> <file>`): a `uiautomator dump` file that the stock
// phone shows instead of its own apps. The dump is answered with exactly the file's bytes (a status line glued after
// `</hierarchy>` by a dump to /dev/tty is cut off, as the device prints its own), taps are hit-tested on its nodes
// and logged, and screenshots draw its bounds and texts. It is a still picture: nothing it shows reacts to input.
import { XMLParser } from 'fast-xml-parser';
import type { NodeDef } from './app-def.ts';
import type { Rect, UiNode } from './ui-node.ts';

export interface CapturedScreen {
  /** What `uiautomator dump` writes: the file as given, without a trailing status line. */
  readonly xml: string;
  /** The window root (several roots hang under one node covering them all). */
  readonly root: UiNode;
  /** The app the capture shows: the package of most of its nodes. */
  readonly pkg: string;
  /** The screen the capture was taken on, when its root fills it (starts at 0,0); a dialog's root does not. */
  readonly screen: { width: number; height: number } | undefined;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
});

type Element = Record<string, unknown> & { ':@'?: Record<string, string> };

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;
/** The line `uiautomator dump /dev/tty` prints after the XML (Android's own spelling, "hierchary"). */
const STATUS_LINE = /^\s*UI hier\w* dumped to:/;
const CAPTURED: NodeDef = {};

function boundsOf(text: string | undefined): Rect {
  const m = BOUNDS.exec(text ?? '');
  if (!m) return { left: 0, top: 0, right: 0, bottom: 0 };
  return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) };
}

const flag = (attrs: Record<string, string>, name: string) => attrs[name] === 'true';

function toNode(element: Element, parent: UiNode | undefined, key: string): UiNode {
  const a = element[':@'] ?? {};
  const node: UiNode = {
    index: Number(a.index ?? 0) || 0,
    cls: a.class ?? '',
    resourceId: a['resource-id'] ?? '',
    text: a.text ?? '',
    hint: a.hint ?? '',
    desc: a['content-desc'] ?? '',
    pkg: a.package ?? '',
    clickable: flag(a, 'clickable'),
    longClickable: flag(a, 'long-clickable'),
    focusable: flag(a, 'focusable'),
    focused: flag(a, 'focused'),
    scrollable: flag(a, 'scrollable'),
    checkable: flag(a, 'checkable'),
    checked: flag(a, 'checked'),
    password: flag(a, 'password'),
    // A dump always writes `enabled`; an attribute left out means the view's default, enabled.
    enabled: a.enabled !== 'false',
    selected: flag(a, 'selected'),
    bounds: boundsOf(a.bounds),
    children: [],
    parent,
    key,
    def: CAPTURED,
    row: undefined,
  };
  const drawingOrder = a['drawing-order'] === undefined ? Number.NaN : Number(a['drawing-order']);
  // 0 is what a virtual node (Compose, a web page) reports: its drawing order is unknown, not the lowest.
  if (Number.isInteger(drawingOrder) && drawingOrder > 0) node.drawingOrder = drawingOrder;
  node.children = childNodes(element.node, node, key);
  return node;
}

function childNodes(list: unknown, parent: UiNode | undefined, key: string): UiNode[] {
  if (!Array.isArray(list)) return [];
  const elements = (list as Element[]).filter((e) => 'node' in e);
  return elements.map((e, i) => toNode(e, parent, `${key}.${i}`));
}

function mostCommonPackage(root: UiNode): string {
  const counts = new Map<string, number>();
  const visit = (n: UiNode) => {
    if (n.pkg) counts.set(n.pkg, (counts.get(n.pkg) ?? 0) + 1);
    for (const c of n.children) visit(c);
  };
  visit(root);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** Reads a dump file; throws an Error naming what is wrong when the text is not one. */
export function parseCapturedScreen(text: string): CapturedScreen {
  const start = text.indexOf('<hierarchy');
  const end = text.lastIndexOf('</hierarchy>');
  if (start === -1 || end < start) throw new Error('not a uiautomator dump: no <hierarchy> … </hierarchy>');
  const after = end + '</hierarchy>'.length;
  const xml = STATUS_LINE.test(text.slice(after)) ? text.slice(0, after) : text;
  let parsed: Element[];
  try {
    parsed = parser.parse(text.slice(start, after)) as Element[];
  } catch (error) {
    throw new Error(`not a uiautomator dump: ${error instanceof Error ? error.message : String(error)}`);
  }
  const hierarchy = parsed.find((e) => 'hierarchy' in e);
  const roots = childNodes(hierarchy?.hierarchy, undefined, 'captured');
  const first = roots[0];
  if (first === undefined) throw new Error('the dump holds no node');
  const root = roots.length === 1 ? first : coverAll(roots);
  const b = first.bounds;
  const screen =
    b.left === 0 && b.top === 0 && b.right > 0 && b.bottom > 0 ? { width: b.right, height: b.bottom } : undefined;
  return { xml, root, pkg: mostCommonPackage(root), screen };
}

/** Several windows in one dump: one node spanning them, so the screen has one root like any window. */
function coverAll(roots: UiNode[]): UiNode {
  const bounds = {
    left: Math.min(...roots.map((r) => r.bounds.left)),
    top: Math.min(...roots.map((r) => r.bounds.top)),
    right: Math.max(...roots.map((r) => r.bounds.right)),
    bottom: Math.max(...roots.map((r) => r.bounds.bottom)),
  };
  const top: UiNode = { ...roots[0]!, cls: 'android.widget.FrameLayout', resourceId: '', text: '', desc: '', bounds };
  Object.assign(top, { clickable: false, longClickable: false, focusable: false, focused: false, scrollable: false });
  top.key = 'captured';
  top.children = roots;
  for (const r of roots) r.parent = top;
  return top;
}
