// set_on_screen_log params (SPEC 2.5, DECISIONS 7): a strict object, every field checked before anything changes;
// omitted fields take their default again on every call (replace, never merge).
import { invalidParams } from './panel-error.ts';

export interface PanelSpec {
  text: string;
  anchor: 'left' | 'right';
  textAlign: 'left' | 'right';
  topOffsetDp: number;
  edgeOffsetDp: number;
  widthDp: number;
  fontSizeSp: number;
  textColor: string;
  backgroundColor: string;
  ttlMs: number;
}

const DEFAULTS: Omit<PanelSpec, 'text'> = {
  anchor: 'right',
  textAlign: 'left',
  topOffsetDp: 48,
  edgeOffsetDp: 8,
  widthDp: 240,
  fontSizeSp: 12,
  textColor: '#FFFFFFFF',
  backgroundColor: '#B3000000',
  ttlMs: 10000,
};

const RANGES = {
  topOffsetDp: [0, 2000],
  edgeOffsetDp: [0, 2000],
  widthDp: [48, 1200],
  fontSizeSp: [6, 48],
  ttlMs: [0, 3600000],
} as const;

const KEYS = new Set(['text', ...Object.keys(DEFAULTS)]);

export function parsePanelParams(params: Record<string, unknown>): PanelSpec {
  for (const key of Object.keys(params)) if (!KEYS.has(key)) throw invalidParams(`params.${key} is not allowed`);
  const text = params.text;
  if (typeof text !== 'string' || text.length < 1 || text.length > 4000) {
    throw invalidParams('params.text must be a string of 1 to 4000 characters');
  }
  const spec: PanelSpec = { text, ...DEFAULTS };
  for (const key of ['anchor', 'textAlign'] as const) {
    const v = params[key];
    if (v === undefined) continue;
    if (v !== 'left' && v !== 'right') throw invalidParams(`params.${key} must be left or right`);
    spec[key] = v;
  }
  for (const [key, [min, max]] of Object.entries(RANGES) as [keyof typeof RANGES, readonly [number, number]][]) {
    const v = params[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw invalidParams(`params.${key} must be an integer from ${min} to ${max}`);
    }
    spec[key] = v;
  }
  for (const key of ['textColor', 'backgroundColor'] as const) {
    const v = params[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !/^#[0-9A-Fa-f]{8}$/.test(v)) throw invalidParams(`params.${key} must be #AARRGGBB`);
    spec[key] = v.toUpperCase();
  }
  return spec;
}

/** clear_on_screen_log takes no params: omitted, or exactly an empty object. */
export function checkClearParams(params: Record<string, unknown>): void {
  if (Object.keys(params).length > 0) throw invalidParams('clear_on_screen_log takes no params');
}
