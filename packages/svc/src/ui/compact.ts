// The compact screen: one element per node an agent can act on or read. Nodes a matcher never sees (on-screen.ts) and purely
// structural ones (no text, label or action) are folded away; a tappable row without text of its own shows the texts
// inside it, which are then not repeated. Every value a line prints works as a selector as printed: a quoted text
// with textEquals (or, cut short with … after the quote, with textContains), desc= with contentDescEquals, id= with
// resourceId (the short form, ui/match.ts), and the role with role (the operator app's inference, ui/roles.ts). Pure:
// no I/O.
//   e1 text "Settings" id=homepage_title [0,110][1080,310]
//   e3 listitem "Network & internet" [0,450][1080,560] tap
//   e5 button "Internet" "Connected" [0,430][1080,610]
import { isVisible, shortResourceId } from './match.ts';
import { rectString, type UiNode, type UiTree } from './node.ts';
import { inferRole } from './roles.ts';

/** One element of the compact screen, before it gets its ref. */
export interface ScreenElement {
  node: UiNode;
  /** The line after the ref: role, texts, label, id, bounds, state. */
  body: string;
  /**
   * What makes it the same element on another screen, position aside: package, class, id, role and what it shows
   * (a text field's own text aside, so typing keeps it). Refs follow it.
   */
  identity: string;
  /** Something to act on (tap, long press, check, scroll, type): kept first when a budget cuts the screen. */
  actionable: boolean;
  editable: boolean;
}

export interface Screen {
  /** `com.android.settings 1080x2400` (and the rotation when turned). */
  title: string;
  elements: ScreenElement[];
  /** The layout of the whole tree (every node's class, id and bounds): a new screen or a scroll changes it. */
  signature: string;
}

const MAX_LABEL = 100;
const SELF_DESCRIBING = new Set(['button', 'switch', 'checkbox', 'tab', 'textfield']);

const shows = (value: string) => value.trim() !== '';
export const isActionable = (node: UiNode) =>
  node.clickable || node.longClickable || node.checkable || node.scrollable || inferRole(node) === 'textfield';

/** The visible non-actionable nodes under `node`, in document order: what it shows besides its own text. */
export function shownInside(node: UiNode, out: UiNode[] = []): UiNode[] {
  for (const child of node.children) {
    if (!isVisible(child) || isActionable(child)) continue;
    out.push(child);
    shownInside(child, out);
  }
  return out;
}

/** A text as a line prints it: JSON-quoted; a long one cut, with … after the quote (match it with ...Contains). */
function quoted(text: string): string {
  return text.length > MAX_LABEL ? `${JSON.stringify(text.slice(0, MAX_LABEL))}…` : JSON.stringify(text);
}

/** The texts and labels read through a row, each as it matches: `"text"` or `desc="label"`, once each. */
function innerLabels(node: UiNode): string[] {
  const out: string[] = [];
  for (const child of shownInside(node)) {
    if (shows(child.text)) out.push(quoted(child.text));
    if (shows(child.desc) && child.desc !== child.text) out.push(`desc=${quoted(child.desc)}`);
  }
  return [...new Set(out)];
}

function flagsOf(node: UiNode, role: string): string[] {
  const flags: string[] = [];
  if (node.clickable && !SELF_DESCRIBING.has(role)) flags.push('tap');
  if (node.longClickable) flags.push('long-press');
  if (node.checkable) flags.push(node.checked ? 'checked' : 'unchecked');
  if (node.selected) flags.push('selected');
  if (node.focused) flags.push('focused');
  if (node.scrollable) flags.push('scrollable');
  if (node.password) flags.push('password');
  if (!node.enabled) flags.push('disabled');
  return flags;
}

/** Every node's class, resource id and bounds, in document order: what stays equal while the screen is the same. */
export function layoutSignature(tree: UiTree): string {
  let hash = 0x811c9dc5;
  for (const node of tree.nodes) {
    const part = `${node.cls}|${node.resourceId}|${rectString(node.bounds)};`;
    for (let i = 0; i < part.length; i++) hash = Math.imul(hash ^ part.charCodeAt(i), 0x01000193) >>> 0;
  }
  return `${tree.nodes.length}-${hash.toString(16)}`;
}

/** What an element shows: its text and label, and for an actionable one the texts read through it. */
export function contentOf(node: UiNode): string {
  const own = [node.text, node.desc].filter(shows);
  const inner = isActionable(node) ? shownInside(node).flatMap((child) => [child.text, child.desc].filter(shows)) : [];
  return [...own, ...inner].join('\u0000');
}

function elementOf(node: UiNode, absorbed: Set<UiNode>): ScreenElement | undefined {
  if (!isVisible(node) || absorbed.has(node)) return undefined;
  const ownText = shows(node.text) || shows(node.desc);
  const actionable = isActionable(node);
  if (!ownText && !actionable) return undefined;
  // The role a matcher finds it by, on both drivers: the operator app's inference (roles.ts).
  const role = inferRole(node);
  const labels: string[] = [];
  if (shows(node.text)) labels.push(quoted(node.text));
  if (shows(node.desc) && node.desc !== node.text) labels.push(`desc=${quoted(node.desc)}`);
  if (!ownText && !node.scrollable) {
    labels.push(...innerLabels(node));
    markInner(node, absorbed);
  }
  const id = node.resourceId === '' ? [] : [`id=${shortResourceId(node.resourceId)}`];
  const flags = flagsOf(node, role);
  const editable = role === 'textfield';
  const shown = editable ? [node.desc, node.attributes.hint ?? ''].join('\u0000') : contentOf(node);
  return {
    node,
    body: [role, ...labels, ...id, rectString(node.bounds), ...flags].join(' '),
    identity: [node.pkg, node.cls, node.resourceId, role, shown].join('\u0001'),
    actionable,
    editable,
  };
}

export function readScreen(tree: UiTree): Screen {
  const elements: ScreenElement[] = [];
  const absorbed = new Set<UiNode>();
  for (const node of tree.nodes) {
    const element = elementOf(node, absorbed);
    if (element !== undefined) elements.push(element);
  }
  const root = tree.roots[0];
  const app = root?.pkg || 'unknown app';
  const size = root ? `${root.bounds.right - root.bounds.left}x${root.bounds.bottom - root.bounds.top}` : '0x0';
  const title = `${app} ${size}${tree.rotation ? ` rotation ${tree.rotation}` : ''}`;
  return { title, elements, signature: layoutSignature(tree) };
}

/** The non-actionable nodes whose texts a row's line already shows. */
function markInner(node: UiNode, absorbed: Set<UiNode>): void {
  for (const child of node.children) {
    if (isActionable(child)) continue;
    absorbed.add(child);
    markInner(child, absorbed);
  }
}
