// The operator's snapshot XML: one element per line, two spaces per level, fixed attribute order (`index` as the
// dumper counts it: off-screen siblings included), escaped values; depth-first, stopping before MAX_SNAPSHOT_LINES or MAX_SNAPSHOT_BYTES (with
// real attribute lines of ~330 bytes the byte limit is the one met first; the line limit is tested with smaller caps).
import type { UiNode } from './ui-node.ts';
import { rectString } from './ui-node.ts';

export const MAX_SNAPSHOT_LINES = 2000;
export const MAX_SNAPSHOT_BYTES = 262144;

const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

export function escapeXml(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => `&${{ '&': 'amp', '"': 'quot', "'": 'apos', '<': 'lt', '>': 'gt' }[c]};`);
}

function attributes(node: UiNode): string {
  const b = (v: boolean) => (v ? 'true' : 'false');
  return (
    `index="${node.index}" text="${escapeXml(node.text)}" resource-id="${escapeXml(node.resourceId)}" ` +
    `class="${escapeXml(node.cls)}" package="${escapeXml(node.pkg)}" content-desc="${escapeXml(node.desc)}" ` +
    `checkable="${b(node.checkable)}" checked="${b(node.checked)}" clickable="${b(node.clickable)}" ` +
    `enabled="${b(node.enabled)}" focusable="${b(node.focusable)}" focused="${b(node.focused)}" ` +
    `scrollable="${b(node.scrollable)}" long-clickable="${b(node.longClickable)}" password="${b(node.password)}" ` +
    `selected="${b(node.selected)}" bounds="${rectString(node.bounds)}"`
  );
}

export function renderXml(
  roots: readonly UiNode[],
  limits: { lines: number; bytes: number } = { lines: MAX_SNAPSHOT_LINES, bytes: MAX_SNAPSHOT_BYTES },
): string {
  const enc = new TextEncoder();
  const size = (line: string) => enc.encode(`\n${line}`).length;
  const lines = [HEADER, '<hierarchy rotation="0">'];
  // Bytes so far including the final `</hierarchy>`; room for the closers of open elements is reserved before a node
  // is added, so a cut-off dump is still well formed.
  let bytes = enc.encode(lines.join('\n')).length + size('</hierarchy>');
  let openCount = 0;
  let openBytes = 0;
  let full = false;
  const visit = (node: UiNode, depth: number) => {
    if (full) return;
    const indent = '  '.repeat(depth);
    const hasKids = node.children.length > 0;
    const open = `${indent}<node ${attributes(node)}${hasKids ? '>' : ' />'}`;
    const closer = `${indent}</node>`;
    const closerBytes = hasKids ? size(closer) : 0;
    const lineCount = lines.length + 1 + (hasKids ? 1 : 0) + openCount + 1;
    if (lineCount > limits.lines || bytes + size(open) + closerBytes + openBytes > limits.bytes) {
      full = true;
      return;
    }
    lines.push(open);
    bytes += size(open);
    if (!hasKids) return;
    openCount++;
    openBytes += closerBytes;
    for (const child of node.children) visit(child, depth + 1);
    openCount--;
    openBytes -= closerBytes;
    lines.push(closer);
    bytes += closerBytes;
  };
  for (const root of roots) visit(root, 1);
  lines.push('</hierarchy>');
  return lines.join('\n');
}
