// Field rules as data: the validator checks them and schema.ts turns the same tables into JSON Schema.

import { canonicalKey, isSpecKey, KEY_NAMES, MAX_KEY_CODE, SPEC_KEYS } from './keys.ts';
import { ACTION_RANGES, type Range } from './limits.ts';
import { type NodeMatcher, validateMatcher } from './matcher.ts';
import { type Retry, validateRetry } from './retry.ts';
import { describe, fail, isPlainObject } from './validation-issue.ts';

export type Blank = 'allowEmpty' | 'nonEmpty' | 'nonBlank';

/** The shape of a rule: what the validator checks and the JSON Schema says. */
export type RuleShape =
  | {
      readonly kind: 'string';
      readonly blank: Blank;
      readonly maxLength?: number;
      readonly minLength?: number;
      /** The whole value must match, and `says` what that means ("a package name such as com.example.app"). */
      readonly pattern?: { readonly regex: RegExp; readonly says: string };
    }
  | { readonly kind: 'integer'; readonly range: Range; readonly clamp?: boolean }
  | { readonly kind: 'number'; readonly range: Range }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly caseInsensitive?: boolean }
  | { readonly kind: 'color' }
  | { readonly kind: 'matcher' }
  | { readonly kind: 'retry' }
  | { readonly kind: 'coordinate' }
  /** A press_key key: a name of contracts/keys.ts or an Android key code, sent in its canonical form. */
  | { readonly kind: 'key' }
  | { readonly kind: 'removed'; readonly reason: string };

/**
 * A rule and, for the compiler only, the type of the value it lets through (`value` is never set): the params of an
 * action are typed from the rules that check them, so a driver reads them without casts.
 */
export type FieldRule<T = unknown> = RuleShape & { readonly value?: T };

/** The type a rule lets through. */
export type ValueOf<R> = R extends FieldRule<infer T> ? T : never;

export interface Coordinate {
  x: number;
  y: number;
}

export const str = (blank: Blank, maxLength?: number, minLength?: number): FieldRule<string> => ({
  kind: 'string',
  blank,
  ...(maxLength === undefined ? {} : { maxLength }),
  ...(minLength === undefined ? {} : { minLength }),
});
/** A string the whole of which matches `regex` (`says` what it must be, for the message and the schema). */
export const matching = (regex: RegExp, says: string, maxLength?: number): FieldRule<string> => ({
  kind: 'string',
  blank: 'nonBlank',
  pattern: { regex, says },
  ...(maxLength === undefined ? {} : { maxLength }),
});
export const int = (range: Range, clamp?: boolean): FieldRule<number> =>
  clamp ? { kind: 'integer', range, clamp } : { kind: 'integer', range };
export const num = (range: Range): FieldRule<number> => ({ kind: 'number', range });
export const bool: FieldRule<boolean> = { kind: 'boolean' };
export const oneOf = <V extends string>(values: readonly V[], caseInsensitive?: boolean): FieldRule<V> =>
  caseInsensitive ? { kind: 'enum', values, caseInsensitive } : { kind: 'enum', values };
export const color: FieldRule<string> = { kind: 'color' };
export const matcher: FieldRule<NodeMatcher> = { kind: 'matcher' };
export const retry: FieldRule<Retry> = { kind: 'retry' };
export const coordinate: FieldRule<Coordinate> = { kind: 'coordinate' };
export const key: FieldRule<string> = { kind: 'key' };
export const removed = (reason: string): FieldRule<never> => ({ kind: 'removed', reason });

const COLOR = /^#[0-9A-Fa-f]{8}$/;

export function rangeText(range: Range): string {
  return range.exclusiveMin ? `> ${range.min} and <= ${range.max}` : `${range.min} to ${range.max}`;
}

function inRange(value: number, range: Range): boolean {
  return (range.exclusiveMin ? value > range.min : value >= range.min) && value <= range.max;
}

/** Checks one value against its rule and returns the canonical value (clamped, lower-cased, upper-cased). */
export function checkField(rule: FieldRule, value: unknown, path: string): unknown {
  switch (rule.kind) {
    case 'string': {
      if (typeof value !== 'string') fail(path, `expected a string, got ${describe(value)}`, 'string');
      if (rule.blank === 'nonEmpty' && value.length === 0) fail(path, 'must not be empty', 'non-empty string');
      if (rule.blank === 'nonBlank' && value.trim().length === 0) fail(path, 'must not be blank', 'non-blank string');
      if (rule.maxLength !== undefined && value.length > rule.maxLength) {
        fail(path, `must be at most ${rule.maxLength} chars, got ${value.length}`, `at most ${rule.maxLength} chars`);
      }
      if (rule.minLength !== undefined && value.length < rule.minLength) {
        fail(path, `must be at least ${rule.minLength} chars`, `at least ${rule.minLength} chars`);
      }
      if (rule.pattern !== undefined && !rule.pattern.regex.test(value)) {
        fail(path, `must be ${rule.pattern.says}, got ${describe(value)}`, rule.pattern.says);
      }
      return value;
    }
    case 'integer': {
      const expected = `integer ${rangeText(rule.range)}`;
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        fail(path, `expected an ${expected}, got ${describe(value)}`, expected);
      }
      if (rule.clamp) return Math.min(rule.range.max, Math.max(rule.range.min, value));
      if (!inRange(value, rule.range)) fail(path, `must be an ${expected}, got ${value}`, expected);
      return value;
    }
    case 'number': {
      const expected = `number ${rangeText(rule.range)}`;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        fail(path, `expected a ${expected}, got ${describe(value)}`, expected);
      }
      if (!inRange(value, rule.range)) fail(path, `must be a ${expected}, got ${value}`, expected);
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') fail(path, `expected true or false, got ${describe(value)}`, 'boolean');
      return value;
    case 'enum': {
      const expected = `one of ${rule.values.join(', ')}`;
      if (typeof value !== 'string') fail(path, `expected ${expected}, got ${describe(value)}`, expected);
      const folded = rule.caseInsensitive ? value.toLowerCase() : value;
      if (!rule.values.includes(folded)) fail(path, `expected ${expected}, got ${describe(value)}`, expected);
      return folded;
    }
    case 'color':
      if (typeof value !== 'string' || !COLOR.test(value)) {
        fail(path, `expected a color #AARRGGBB, got ${describe(value)}`, '#AARRGGBB');
      }
      return value.toUpperCase();
    case 'matcher':
      return validateMatcher(value, path);
    case 'retry':
      return validateRetry(value, path);
    case 'coordinate':
      return checkCoordinate(value, path);
    case 'key': {
      const expected = `${SPEC_KEYS.join(', ')}, another key name (${KEY_NAMES.length - SPEC_KEYS.length} more: ${KEY_NAMES.filter((k) => !isSpecKey(k)).join(', ')}) or a key code 1 to ${MAX_KEY_CODE}`;
      const canonical = typeof value === 'string' ? canonicalKey(value) : undefined;
      if (canonical === undefined) fail(path, `expected ${expected}, got ${describe(value)}`, expected);
      return canonical;
    }
    case 'removed':
      return fail(path, rule.reason, 'parameter absent');
  }
}

function checkCoordinate(value: unknown, path: string): Coordinate {
  const expected = '{ x, y } with integers >= 0';
  if (!isPlainObject(value)) fail(path, `expected ${expected}, got ${describe(value)}`, expected);
  for (const key of Object.keys(value)) {
    if (key !== 'x' && key !== 'y') fail(`${path}.${key}`, 'unknown key (a coordinate has only x and y)', expected);
  }
  const axis = (name: 'x' | 'y'): number => {
    const v = value[name];
    if (v === undefined) fail(`${path}.${name}`, 'is required', 'integer >= 0');
    // The range the JSON Schema publishes (limits.ts); an unbounded integer like 1e308 is not a coordinate.
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > ACTION_RANGES.coordinate.max) {
      const range = `integer 0 to ${ACTION_RANGES.coordinate.max}`;
      fail(`${path}.${name}`, `expected an ${range}, got ${typeof v === 'number' ? v : describe(v)}`, range);
    }
    return v;
  };
  return { x: axis('x'), y: axis('y') };
}
