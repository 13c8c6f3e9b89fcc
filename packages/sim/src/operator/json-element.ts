// kotlinx.serialization's JsonElement as the app's parser reads it (AgentCommandParser.kt:347-404 @ v0.5.2, with
// kotlinx-serialization-json 1.8.1: gradle/libs.versions.toml:6). A primitive keeps its source text, because the
// app reads numbers from that text: `5000.0` is not a whole number there (`longOrNull` is null, so the default
// applies) although JSON.parse would give 5000, and a quoted `"5"` is read as 5.
import { IllegalArgumentException, JsonDecodingException } from './kotlin.ts';

export type JsonElement = JsonObject | JsonArray | JsonPrimitive;
export type JsonObject = { readonly kind: 'object'; readonly entries: ReadonlyMap<string, JsonElement> };
export type JsonArray = { readonly kind: 'array'; readonly items: readonly JsonElement[] };
/** `content` is a string's value, a number's or literal's source text, or `null` for JsonNull. */
export type JsonPrimitive = { readonly kind: 'primitive'; readonly content: string; readonly isString: boolean };

const CLASS: Record<JsonElement['kind'], string> = {
  object: 'kotlinx.serialization.json.JsonObject',
  array: 'kotlinx.serialization.json.JsonArray',
  primitive: 'kotlinx.serialization.json.JsonLiteral',
};

function className(e: JsonElement): string {
  return e.kind === 'primitive' && !e.isString && e.content === 'null'
    ? 'kotlinx.serialization.json.JsonNull'
    : CLASS[e.kind];
}

/** `Json.parseToJsonElement`: strict JSON; a duplicated key keeps its last value (JsonTreeReader). */
export function parseToJsonElement(text: string): JsonElement {
  const sources = new WeakMap<object, unknown>();
  let raw: unknown;
  try {
    raw = JSON.parse(text, function (this: unknown, _key, value, context?: { source?: string }) {
      if (value !== null && typeof value === 'object') return value;
      // A boxed marker keeps the primitive's source text through the reviver.
      const box = { source: context?.source ?? JSON.stringify(value), value };
      sources.set(box, true);
      return box;
    });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    const offset = /position (\d+)/.exec(message)?.[1] ?? '0';
    throw new JsonDecodingException(`Unexpected JSON token at offset ${offset}: ${message}`);
  }
  const convert = (v: unknown): JsonElement => {
    if (Array.isArray(v)) return { kind: 'array', items: v.map(convert) };
    if (v !== null && typeof v === 'object' && sources.has(v)) {
      const box = v as { source: string; value: unknown };
      if (typeof box.value === 'string') return { kind: 'primitive', content: box.value, isString: true };
      return { kind: 'primitive', content: box.source, isString: false };
    }
    const entries = new Map<string, JsonElement>();
    for (const [key, value] of Object.entries(v as Record<string, unknown>)) entries.set(key, convert(value));
    return { kind: 'object', entries };
  };
  return convert(raw);
}

/** `JsonElement.jsonObject`: throws IllegalArgumentException for anything else. */
export function jsonObject(e: JsonElement): JsonObject {
  if (e.kind !== 'object') throw new IllegalArgumentException(`Element class ${className(e)} is not a JsonObject`);
  return e;
}

export function jsonArray(e: JsonElement): JsonArray {
  if (e.kind !== 'array') throw new IllegalArgumentException(`Element class ${className(e)} is not a JsonArray`);
  return e;
}

/** `this[key] as? JsonPrimitive`. */
export function primitive(o: JsonObject, key: string): JsonPrimitive | undefined {
  const e = o.entries.get(key);
  return e?.kind === 'primitive' ? e : undefined;
}

const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

/**
 * `JsonPrimitive.longOrNull`: the content read as a whole JSON number (an exponent is allowed when the value is whole:
 * the 1.8 lexer's consumeNumericLiteral), else null; a fraction (`2.5`, `2.0`) or text is null.
 */
export function longOrNull(p: JsonPrimitive | undefined): number | undefined {
  if (!p) return undefined;
  const m = /^(-?\d+)(?:[eE]([+-]?\d+))?$/.exec(p.content);
  if (!m) return undefined;
  let value = BigInt(m[1]!);
  if (m[2] !== undefined) {
    const exp = Number(m[2]);
    const d = Number(value) * 10 ** exp;
    if (!Number.isFinite(d) || Math.floor(d) !== d) return undefined;
    value = BigInt(Math.trunc(d));
  }
  if (value > LONG_MAX || value < LONG_MIN) return undefined;
  return Number(value);
}

/** `intOrNull`: longOrNull within the Int range. */
export function intOrNull(p: JsonPrimitive | undefined): number | undefined {
  const v = longOrNull(p);
  return v !== undefined && v >= -2147483648 && v <= 2147483647 ? v : undefined;
}

/** `doubleOrNull`: Kotlin's String.toDoubleOrNull of the content (Java's Double.parseDouble grammar). */
export function doubleOrNull(p: JsonPrimitive | undefined): number | undefined {
  if (!p) return undefined;
  const text = p.content.trim();
  if (!/^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/.test(text)) return undefined;
  const value = Number(text.replace(/[fFdD]$/, ''));
  return Number.isNaN(value) && !text.includes('NaN') ? undefined : value;
}

/** `booleanOrNull`: exactly `true` or `false` (toBooleanStrictOrNull), quoted or not. */
export function booleanOrNull(p: JsonPrimitive | undefined): boolean | undefined {
  if (p?.content === 'true') return true;
  if (p?.content === 'false') return false;
  return undefined;
}
