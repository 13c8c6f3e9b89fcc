// screencap: draws the same tree the dump shows (every node's box, its text, buttons, fields and switches), plus the windows that are not in it (the operator's panel and a
// system security dialog).
import { Canvas, type Rgba, textWidth } from './canvas.ts';
import type { Display } from './display.ts';
import { type Rect, type UiNode, walk } from './ui-node.ts';

export interface PanelOverlay {
  bounds: Rect;
  lines: string[];
  textColor: Rgba;
  backgroundColor: Rgba;
  /** Glyph scale in pixels per font pixel. */
  scale: number;
  lineHeightPx: number;
  paddingPx: number;
  align: 'left' | 'right';
}

const WHITE: Rgba = [255, 255, 255, 255];
const INK: Rgba = [32, 33, 36, 255];
const BAR: Rgba = [24, 24, 24, 255];
const BUTTON: Rgba = [218, 226, 255, 255];
const FIELD_LINE: Rgba = [90, 90, 200, 255];
const SWITCH_ON: Rgba = [26, 115, 232, 255];
const SWITCH_OFF: Rgba = [160, 160, 160, 255];
const OUTLINE: Rgba = [208, 212, 218, 255];
const OUTLINE_PX = 2;
const TEXT_SCALE = 4;

/** The box of every node, so a screenshot shows the same rectangles a snapshot's bounds name. */
function drawOutline(canvas: Canvas, b: Rect): void {
  if (b.right - b.left <= 2 * OUTLINE_PX || b.bottom - b.top <= 2 * OUTLINE_PX) return;
  canvas.fill({ ...b, bottom: b.top + OUTLINE_PX }, OUTLINE);
  canvas.fill({ ...b, top: b.bottom - OUTLINE_PX }, OUTLINE);
  canvas.fill({ ...b, right: b.left + OUTLINE_PX }, OUTLINE);
  canvas.fill({ ...b, left: b.right - OUTLINE_PX }, OUTLINE);
}

function drawNode(canvas: Canvas, node: UiNode): void {
  const b = node.bounds;
  drawOutline(canvas, b);
  const name = node.cls.slice(node.cls.lastIndexOf('.') + 1);
  if (name.endsWith('Button'))
    canvas.fill({ ...b, left: b.left + 8, right: b.right - 8, top: b.top + 8, bottom: b.bottom - 8 }, BUTTON);
  if (name === 'EditText') canvas.fill({ ...b, top: b.bottom - 6 }, FIELD_LINE);
  if (node.checkable) {
    const knob = { left: b.right - 140, right: b.right - 30, top: b.top + 40, bottom: b.top + 86 };
    canvas.fill(knob, node.checked ? SWITCH_ON : SWITCH_OFF, b);
  }
  const label = node.text || (node.children.length === 0 ? node.desc : '');
  if (label) canvas.text(b.left + 32, b.top + 24, label, TEXT_SCALE, INK, b);
}

function isBelow(node: UiNode, ancestor: UiNode): boolean {
  for (let n = node.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
}

export function renderScreen(
  tree: UiNode,
  display: Display,
  extra: {
    panel: PanelOverlay | undefined;
    securityOverlay: boolean;
    keyboard?: Rect | undefined;
    /** The pixels a real browser drew for a WebView node (its page), drawn instead of its boxes. */
    pagePixels?: ((node: UiNode) => Uint8Array | undefined) | undefined;
  },
): Uint8Array {
  const canvas = new Canvas(display.width, display.height, WHITE);
  const pages: UiNode[] = [];
  for (const node of walk(tree)) {
    if (pages.some((page) => node.parent !== undefined && isBelow(node, page))) continue;
    const pixels = extra.pagePixels?.(node);
    if (pixels) {
      canvas.paste(pixels, node.bounds.left, node.bounds.top, node.bounds);
      pages.push(node);
    } else drawNode(canvas, node);
  }
  canvas.fill({ left: 0, top: 0, right: display.width, bottom: display.statusBarPx }, BAR);
  canvas.fill({ left: 0, top: display.height - display.navBarPx, right: display.width, bottom: display.height }, BAR);
  if (extra.keyboard) {
    canvas.fill(extra.keyboard, BAR);
    canvas.text(
      extra.keyboard.left + 40,
      extra.keyboard.top + 40,
      'Q W E R T Y U I O P',
      TEXT_SCALE,
      WHITE,
      extra.keyboard,
    );
  }
  if (extra.securityOverlay) {
    canvas.fill({ left: 0, top: 0, right: display.width, bottom: display.height }, [0, 0, 0, 150]);
    const box = { left: 90, top: 900, right: display.width - 90, bottom: 1300 };
    canvas.fill(box, WHITE);
    canvas.text(box.left + 40, box.top + 60, 'Screen overlay detected', TEXT_SCALE, INK, box);
  }
  const panel = extra.panel;
  if (panel) {
    canvas.fill(panel.bounds, panel.backgroundColor);
    panel.lines.forEach((line, i) => {
      const y = panel.bounds.top + panel.paddingPx + i * panel.lineHeightPx;
      const width = textWidth(line, panel.scale);
      const x =
        panel.align === 'right' ? panel.bounds.right - panel.paddingPx - width : panel.bounds.left + panel.paddingPx;
      canvas.text(x, y, line, panel.scale, panel.textColor, panel.bounds);
    });
  }
  return canvas.encode();
}
