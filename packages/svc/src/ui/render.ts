// A tree as the snapshot text every driver returns (the operator's hierarchy format): the XML header, then
// `<hierarchy rotation="N">`, one element per line, two spaces per level, a fixed attribute order, values escaped
// (`& " ' < >`), depth-first, stopping before MAX_SNAPSHOT_LINES or MAX_SNAPSHOT_BYTES (room for the closing tags
// of open elements is reserved first, so a cut-off snapshot is still well formed).
import { LIMITS } from '../contracts/limits.ts';
import { utf8ByteLength } from '../contracts/utf8.ts';
import { rectString, type UiNode, type UiTree } from './node.ts';

const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const ENTITIES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&apos;', '<': '&lt;', '>': '&gt;' };

export function escapeXml(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ENTITIES[c] as string);
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

export function renderSnapshot(
  tree: UiTree,
  limits: { lines: number; bytes: number } = { lines: LIMITS.MAX_SNAPSHOT_LINES, bytes: LIMITS.MAX_SNAPSHOT_BYTES },
): string {
  const size = (line: string) => utf8ByteLength(line) + 1;
  const lines = [HEADER, `<hierarchy rotation="${tree.rotation}">`];
  let bytes = utf8ByteLength(lines.join('\n')) + size('</hierarchy>');
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
  for (const root of tree.roots) visit(root, 1);
  lines.push('</hierarchy>');
  return lines.join('\n');
}
