// A hierarchy dump as a tree: the one-line XML `uiautomator dump` writes (with or without the status line glued
// after `</hierarchy>` when written to /dev/tty) and the indented snapshot the operator app sends both parse here.
// fast-xml-parser does the XML (entities, `&#10;`, an unescaped `'`); this file only maps elements to nodes.
import { XMLParser } from 'fast-xml-parser';
import type { Rect, UiNode, UiTree } from './node.ts';

export type ParseOutcome = { ok: true; tree: UiTree } | { ok: false; reason: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (`&#10;` for a newline in a text) are decoded only in this mode.
  htmlEntities: true,
});

type Element = Record<string, unknown> & { ':@'?: Record<string, string> };

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

export function parseBounds(text: string | undefined): Rect {
  const m = BOUNDS.exec(text ?? '');
  if (!m) return { left: 0, top: 0, right: 0, bottom: 0 };
  return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) };
}

export function parseHierarchy(text: string): ParseOutcome {
  const start = text.indexOf('<hierarchy');
  const end = text.lastIndexOf('</hierarchy>');
  if (start === -1) return { ok: false, reason: 'no <hierarchy> element' };
  if (end === -1 || end < start) {
    // `<hierarchy .../>` with no nodes is a valid, empty dump.
    if (/^<hierarchy[^>]*\/>/.test(text.slice(start))) return { ok: true, tree: { rotation: 0, roots: [], nodes: [] } };
    return { ok: false, reason: 'the hierarchy is cut off (no </hierarchy>)' };
  }
  let elements: Element[];
  try {
    elements = parser.parse(text.slice(start, end + '</hierarchy>'.length)) as Element[];
  } catch (error) {
    return { ok: false, reason: `not valid XML: ${error instanceof Error ? error.message : String(error)}` };
  }
  const hierarchy = elements.find((element) => 'hierarchy' in element);
  if (hierarchy === undefined) return { ok: false, reason: 'no <hierarchy> element' };
  const nodes: UiNode[] = [];
  const roots = toNodes(hierarchy.hierarchy as Element[], undefined, nodes);
  return { ok: true, tree: { rotation: Number(hierarchy[':@']?.rotation ?? 0) || 0, roots, nodes } };
}

function toNodes(elements: Element[], parent: UiNode | undefined, all: UiNode[]): UiNode[] {
  const out: UiNode[] = [];
  for (const element of elements) {
    if (!('node' in element)) continue;
    const node = toNode(element[':@'] ?? {}, parent, all.length, out.length);
    all.push(node);
    node.children = toNodes(element.node as Element[], node, all);
    out.push(node);
  }
  return out;
}

function toNode(a: Record<string, string>, parent: UiNode | undefined, order: number, position: number): UiNode {
  const flag = (name: string) => a[name] === 'true';
  const index = Number(a.index);
  return {
    index: Number.isInteger(index) ? index : position,
    text: a.text ?? '',
    resourceId: a['resource-id'] ?? '',
    cls: a.class ?? '',
    pkg: a.package ?? '',
    desc: a['content-desc'] ?? '',
    checkable: flag('checkable'),
    checked: flag('checked'),
    clickable: flag('clickable'),
    enabled: flag('enabled'),
    focusable: flag('focusable'),
    focused: flag('focused'),
    scrollable: flag('scrollable'),
    longClickable: flag('long-clickable'),
    password: flag('password'),
    selected: flag('selected'),
    bounds: parseBounds(a.bounds),
    attributes: a,
    children: [],
    parent,
    order,
  };
}
