// The compact screen: one line per element an agent can act on or read, each with a short ref (`e12`) that any
// action takes as `{ "ref": "e12" }` while the screen is the same. Invisible nodes (no area) and purely structural
// ones (no text, label or action) are folded away; a tappable row without text of its own is labelled with the texts
// inside it, which are then not repeated. The header names the app and the screen size. Pure: no I/O.
//   # com.android.settings 1080x2400, 21 elements
//   e1 text "Settings" [42,160][400,230]
//   e2 button desc="Search settings" id=search_action [950,140][1060,250]
//   e3 tap "Network & internet · Mobile, Wi-Fi, hotspot" [0,290][1080,450]
import { area, rectString, type UiNode, type UiTree } from './node.ts';
import { inferRole } from './roles.ts';

export interface RefTarget {
  ref: string;
  /** Document order of the node in the tree (the same in a tree of the same signature). */
  order: number;
  /** What the element shows (its text and label, or the texts inside it): must be unchanged for the ref to hold. */
  content: string;
  /** An editable field: its own text may change (typing) without making the ref stale. */
  editable: boolean;
}

export interface CompactScreen {
  text: string;
  refs: RefTarget[];
  /** The layout of the whole tree (every node's class, id and bounds): a new screen or a scroll changes it. */
  signature: string;
}

const MAX_LABEL = 100;
const SELF_DESCRIBING = new Set(['button', 'switch', 'checkbox', 'tab', 'textfield']);

const visible = (node: UiNode) => area(node.bounds) > 0;
const actionable = (node: UiNode) =>
  node.clickable || node.longClickable || node.checkable || node.scrollable || inferRole(node) === 'textfield';

/** The visible non-actionable nodes under `node`, in document order: what it shows besides its own text. */
export function shownInside(node: UiNode, out: UiNode[] = []): UiNode[] {
  for (const child of node.children) {
    if (!visible(child) || actionable(child)) continue;
    out.push(child);
    shownInside(child, out);
  }
  return out;
}

/** The texts and labels of the non-actionable nodes under `node` (they are read through it). */
function innerTexts(node: UiNode): string[] {
  const out: string[] = [];
  for (const child of shownInside(node)) {
    for (const value of [child.text, child.desc]) if (value.trim() !== '' && !out.includes(value)) out.push(value);
  }
  return out;
}

function shortId(resourceId: string): string {
  const at = resourceId.indexOf(':id/');
  return at === -1 ? resourceId : resourceId.slice(at + ':id/'.length);
}

function quoted(text: string): string {
  const cut = text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
  return JSON.stringify(cut);
}

function flagsOf(node: UiNode, role: string): string[] {
  const flags: string[] = [];
  if (node.clickable && !SELF_DESCRIBING.has(role) && role !== 'tap') flags.push('tap');
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

/** What an element shows, as the ref check compares it. */
export function contentOf(node: UiNode): string {
  const own = [node.text, node.desc].filter((v) => v.trim() !== '');
  return [...own, ...(actionable(node) ? innerTexts(node) : [])].join(' · ');
}

export function renderCompact(tree: UiTree): CompactScreen {
  const lines: string[] = [];
  const refs: RefTarget[] = [];
  const absorbed = new Set<UiNode>();
  for (const node of tree.nodes) {
    if (!visible(node) || absorbed.has(node)) continue;
    const ownText = node.text.trim() !== '' || node.desc.trim() !== '';
    if (!ownText && !actionable(node)) continue;
    const inferred = inferRole(node);
    const role = inferred ?? (node.clickable ? 'tap' : node.scrollable ? 'list' : 'view');
    let label = '';
    if (node.text.trim() !== '') label = ` ${quoted(node.text)}`;
    if (node.desc.trim() !== '' && node.desc !== node.text) label += ` desc=${quoted(node.desc)}`;
    if (!ownText && !node.scrollable) {
      const inner = innerTexts(node);
      if (inner.length > 0) label = ` ${quoted(inner.join(' · '))}`;
      markInner(node, absorbed);
    }
    const ref = `e${refs.length + 1}`;
    const id = node.resourceId === '' ? '' : ` id=${shortId(node.resourceId)}`;
    const flags = flagsOf(node, role);
    lines.push(
      `${ref} ${role}${label}${id} ${rectString(node.bounds)}${flags.length > 0 ? ` ${flags.join(' ')}` : ''}`,
    );
    refs.push({ ref, order: node.order, content: contentOf(node), editable: inferred === 'textfield' });
  }
  const root = tree.roots[0];
  const app = root?.pkg || 'unknown app';
  const size = root ? `${root.bounds.right - root.bounds.left}x${root.bounds.bottom - root.bounds.top}` : '0x0';
  const header = `# ${app} ${size}${tree.rotation ? ` rotation ${tree.rotation}` : ''}, ${refs.length} elements`;
  return { text: [header, ...lines].join('\n'), refs, signature: layoutSignature(tree) };
}

/** The non-actionable nodes whose texts a row's label already shows. */
function markInner(node: UiNode, absorbed: Set<UiNode>): void {
  for (const child of node.children) {
    if (actionable(child)) continue;
    absorbed.add(child);
    markInner(child, absorbed);
  }
}
