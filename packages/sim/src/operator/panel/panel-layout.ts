// Placement of the on-screen log panel in physical pixels: inside the usable display (system bars and, from API 29,
// cutout insets excluded), anchored left or right, text wrapped to the inner width and cut to the lines that fit.
import type { Display } from '../../ui/display.ts';
import { dpToPx } from '../../ui/display.ts';
import type { Rect } from '../../ui/ui-node.ts';
import type { PanelSpec } from './panel-params.ts';

export const PADDING_DP = 8;

export interface PanelLayout {
  bounds: Rect;
  lines: string[];
  truncated: boolean;
  scale: number;
  lineHeightPx: number;
  paddingPx: number;
}

export type LayoutResult = { ok: true; layout: PanelLayout } | { ok: false; code: string; message: string };

const invalid = (message: string): LayoutResult => ({ ok: false, code: 'ON_SCREEN_LOG_LAYOUT_INVALID', message });

export function usableArea(display: Display, apiLevel: number): Rect {
  const top = apiLevel >= 29 ? Math.max(display.statusBarPx, display.cutoutTopPx) : display.statusBarPx;
  return { left: 0, top, right: display.width, bottom: display.height - display.navBarPx };
}

function wrap(text: string, perLine: number): string[] {
  return text.split('\n').flatMap((line) => {
    if (line.length === 0) return [''];
    const out: string[] = [];
    for (let i = 0; i < line.length; i += perLine) out.push(line.slice(i, i + perLine));
    return out;
  });
}

export function layoutPanel(spec: PanelSpec, display: Display, apiLevel: number): LayoutResult {
  if (apiLevel === 28 && display.cutoutTopPx > 0) {
    return invalid('API 28 with a built-in display cutout: cutout insets cannot be read');
  }
  const usable = usableArea(display, apiLevel);
  const width = dpToPx(display, spec.widthDp);
  const edge = dpToPx(display, spec.edgeOffsetDp);
  if (edge + width > usable.right - usable.left) return invalid('the panel is wider than the usable display');
  const paddingPx = dpToPx(display, PADDING_DP);
  const fontPx = Math.round((spec.fontSizeSp * display.fontScale * display.density) / 160);
  const scale = Math.max(1, Math.round(fontPx / 7));
  const lineHeightPx = scale * 9;
  const perLine = Math.floor((width - 2 * paddingPx) / (scale * 6));
  if (perLine < 1) return invalid('not one character fits the panel width');
  const top = usable.top + dpToPx(display, spec.topOffsetDp);
  const maxLines = Math.floor((usable.bottom - top - 2 * paddingPx) / lineHeightPx);
  if (maxLines < 1) return invalid('not one full line fits below topOffsetDp');
  const all = wrap(spec.text, perLine);
  const lines = all.slice(0, maxLines);
  const left = spec.anchor === 'right' ? usable.right - edge - width : usable.left + edge;
  const bounds = { left, top, right: left + width, bottom: top + 2 * paddingPx + lines.length * lineHeightPx };
  return { ok: true, layout: { bounds, lines, truncated: all.length > lines.length, scale, lineHeightPx, paddingPx } };
}
