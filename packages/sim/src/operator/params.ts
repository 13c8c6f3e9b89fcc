// Reading action params at run time. The host validated them already; the device still refuses what it cannot run
// (payloads can reach it another way) and applies the runtime defaults and clamps of SPEC 2.5.
import { MATCHER_ALIASES, MATCHER_FIELDS, type NodeMatcher } from '../ui/match.ts';
import { invalidParams } from './step-error.ts';

export type Params = Record<string, unknown>;

export function optString(p: Params, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalidParams(`params.${key} must be a string`);
  return v;
}

export function reqString(p: Params, key: string): string {
  const v = optString(p, key);
  if (v === undefined || v.trim() === '') throw invalidParams(`params.${key} is required`);
  return v;
}

export function optBool(p: Params, key: string, fallback: boolean): boolean {
  const v = p[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw invalidParams(`params.${key} must be a boolean`);
  return v;
}

/** A number param, clamped into [min, max] like the Android runtime does. */
export function clampedNumber(p: Params, key: string, fallback: number, min: number, max: number): number {
  const v = p[key];
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalidParams(`params.${key} must be a number`);
  return Math.min(max, Math.max(min, v));
}

export function optMatcher(p: Params, key: string): NodeMatcher | undefined {
  const raw = p[key];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidParams(`params.${key} must be a NodeMatcher object`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const field = (MATCHER_FIELDS as readonly string[]).includes(k) ? k : MATCHER_ALIASES[k];
    if (!field) throw invalidParams(`params.${key}.${k} is not a NodeMatcher field`);
    if (typeof v !== 'string' || v.trim() === '') throw invalidParams(`params.${key}.${k} must be a non-blank string`);
    if (v.length > 512) throw invalidParams(`params.${key}.${k} is longer than 512 characters`);
    out[field] = v;
  }
  if (Object.keys(out).length === 0) throw invalidParams(`params.${key} needs at least one field`);
  return out as NodeMatcher;
}

export function reqMatcher(p: Params, key: string): NodeMatcher {
  const m = optMatcher(p, key);
  if (!m) throw invalidParams(`params.${key} is required`);
  return m;
}

export function describe(m: NodeMatcher): string {
  return JSON.stringify(m);
}

export const DIRECTIONS = ['down', 'up', 'left', 'right'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export function direction(p: Params): Direction {
  const v = optString(p, 'direction') ?? 'down';
  if (!(DIRECTIONS as readonly string[]).includes(v))
    throw invalidParams(`params.direction must be one of ${DIRECTIONS}`);
  return v as Direction;
}

export const CLICK_TYPES = ['default', 'long_click', 'focus'] as const;
export type ClickType = (typeof CLICK_TYPES)[number];

export function clickType(p: Params): ClickType {
  const v = optString(p, 'clickType') ?? 'default';
  if (!(CLICK_TYPES as readonly string[]).includes(v))
    throw invalidParams(`params.clickType must be one of ${CLICK_TYPES}`);
  return v as ClickType;
}

export function invalidParamsIf(condition: boolean, message: string): void {
  if (condition) throw invalidParams(message);
}
