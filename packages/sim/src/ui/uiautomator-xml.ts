// What `uiautomator dump` writes: AccessibilityNodeInfoDumper's output through KXmlSerializer (AOSP
// cmds/uiautomator/.../AccessibilityNodeInfoDumper.java), byte for byte in the parts hosts depend on:
// - one line, no whitespace between elements; the header uses single quotes;
// - attribute order `[NAF] index text resource-id class package content-desc checkable checked clickable enabled
//   focusable focused scrollable long-clickable password selected bounds`, and on the newest levels (API 36)
//   `drawing-order` and `hint` after bounds (API 36 writes `hint`, API 31 does not: mobile-next/mobile-mcp#340,
//   maintainer's comment; every public one-line capture with `hint` has `drawing-order` just before it); the
//   framework's dumper as mirrored writes neither (aosp-mirror/platform_frameworks_base @4fecab57,
//   cmds/uiautomator/library/core-src/com/android/uiautomator/core/AccessibilityNodeInfoDumper.java dumpNodeRec);
//   API 35 is modelled without them (unconfirmed). androidx's dumper (drawing-order from API 24) is not this one;
// - NAF="true" first on a clickable, enabled node whose whole subtree has no text and no description, except in
//   the list-like classes (NAF_EXCLUDED_CLASSES);
// - children in accessibility order, Android's sort by position (ui/accessibility-order.ts), not in drawing order;
//   `drawing-order` (only on the levels that write it) gives each one's drawing position among its siblings;
// - `index` is the child loop's position (invisible children are skipped but counted);
// - strings lose the characters XML cannot hold (stripInvalidXMLChars: each becomes '.'); KXmlSerializer escapes
//   `& < > "`, leaves `'` raw, writes `\n \r \t` inside attributes as `&#10; &#13; &#9;` and a character outside
//   the Basic Multilingual Plane (an emoji) as a numeric reference.
import { accessibilityOrder } from './accessibility-order.ts';
import type { UiNode } from './ui-node.ts';
import { rectString } from './ui-node.ts';

const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const NAF_EXCLUDED_CLASSES = new Set([
  'android.widget.GridView',
  'android.widget.GridLayout',
  'android.widget.ListView',
  'android.widget.TableLayout',
]);
/** The API level whose dumps gained `drawing-order` and `hint`. */
export const HINT_ATTRIBUTE_API = 36;

function invalidXmlChar(code: number): boolean {
  return (
    (code >= 0x1 && code <= 0x8) ||
    code === 0xb ||
    code === 0xc ||
    (code >= 0xe && code <= 0x1f) ||
    (code >= 0x7f && code <= 0x84) ||
    (code >= 0x86 && code <= 0x9f) ||
    (code >= 0xfdd0 && code <= 0xfddf)
  );
}

export function stripInvalidXmlChars(value: string): string {
  let out = '';
  for (const ch of value) out += invalidXmlChar(ch.codePointAt(0) as number) ? '.' : ch;
  return out;
}

/** KXmlSerializer.writeEscaped for an attribute value (quote character `"`). */
export function kxmlEscapeAttribute(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === '\n' || ch === '\r' || ch === '\t') out += `&#${code};`;
    else if (code > 0xffff) out += `&#${code};`;
    else out += ch;
  }
  return out;
}

const str = (value: string) => kxmlEscapeAttribute(stripInvalidXmlChars(value));
const bool = (value: boolean) => (value ? 'true' : 'false');

function hasTextBelow(node: UiNode): boolean {
  return node.children.some((child) => child.text !== '' || child.desc !== '' || hasTextBelow(child));
}

/** NAF ("not accessibility friendly"): something to click that says nothing about itself. */
function isNaf(node: UiNode): boolean {
  if (NAF_EXCLUDED_CLASSES.has(node.cls)) return false;
  return node.clickable && node.enabled && node.text === '' && node.desc === '' && !hasTextBelow(node);
}

function element(node: UiNode, apiLevel: number, drawingOrder: number, index: number): string {
  const attrs = [
    ...(isNaf(node) ? ['NAF="true"'] : []),
    `index="${index}"`,
    `text="${str(node.text)}"`,
    `resource-id="${str(node.resourceId)}"`,
    `class="${str(node.cls)}"`,
    `package="${str(node.pkg)}"`,
    `content-desc="${str(node.desc)}"`,
    `checkable="${bool(node.checkable)}"`,
    `checked="${bool(node.checked)}"`,
    `clickable="${bool(node.clickable)}"`,
    `enabled="${bool(node.enabled)}"`,
    `focusable="${bool(node.focusable)}"`,
    `focused="${bool(node.focused)}"`,
    `scrollable="${bool(node.scrollable)}"`,
    `long-clickable="${bool(node.longClickable)}"`,
    `password="${bool(node.password)}"`,
    `selected="${bool(node.selected)}"`,
    `bounds="${rectString(node.bounds)}"`,
  ];
  if (apiLevel >= HINT_ATTRIBUTE_API) attrs.push(`drawing-order="${drawingOrder}"`, `hint="${str(node.hint)}"`);
  const open = `<node ${attrs.join(' ')}`;
  if (node.children.length === 0) return `${open} />`;
  // The child loop runs over the sorted list; the positions of the children the dump skips (invisible ones) stay
  // counted: the sorted children take the parent's indexes in ascending order.
  const indexes = node.children.map((child) => child.index).sort((a, b) => a - b);
  const kids = accessibilityOrder(node.children)
    .map((held, i) => element(held.node, apiLevel, held.drawingOrder, indexes[i] ?? i))
    .join('');
  return `${open}>${kids}</node>`;
}

export function renderUiautomatorXml(root: UiNode, options: { apiLevel: number; rotation?: number }): string {
  return `${HEADER}<hierarchy rotation="${options.rotation ?? 0}">${element(root, options.apiLevel, 0, root.index)}</hierarchy>`;
}
