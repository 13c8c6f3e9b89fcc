// SPEC 2.4 retry object. maxAttempts is "clamped 1 to 10" (an integer outside is clamped, C-27); every other field
// is a range and a value outside it is rejected. Unknown keys are rejected.
import { RETRY_BOUNDS } from './limits.ts';
import { describe, fail, isPlainObject } from './validation-issue.ts';

export interface Retry {
  maxAttempts?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  backoffMultiplier?: number;
  jitterRatio?: number;
}

export const RETRY_FIELDS = [
  'maxAttempts',
  'initialDelayMs',
  'maxDelayMs',
  'backoffMultiplier',
  'jitterRatio',
] as const;
const INTEGER_FIELDS: ReadonlySet<string> = new Set(['maxAttempts', 'initialDelayMs', 'maxDelayMs']);

export function validateRetry(value: unknown, path: string): Retry {
  const expected = `a retry object with ${RETRY_FIELDS.join(', ')}`;
  if (!isPlainObject(value)) fail(path, `expected ${expected}, got ${describe(value)}`, expected);
  for (const key of Object.keys(value)) {
    if (!(RETRY_FIELDS as readonly string[]).includes(key)) {
      fail(`${path}.${key}`, `unknown retry key; allowed: ${RETRY_FIELDS.join(', ')}`, expected);
    }
  }
  const out: Retry = {};
  for (const field of RETRY_FIELDS) {
    const v = value[field];
    if (v === undefined) continue;
    const fieldPath = `${path}.${field}`;
    const bounds = RETRY_BOUNDS[field];
    const isInt = INTEGER_FIELDS.has(field);
    const kind = isInt ? 'an integer' : 'a number';
    const min = field === 'maxDelayMs' && out.initialDelayMs !== undefined ? out.initialDelayMs : bounds.min;
    const range = `${kind} ${min} to ${bounds.max}`;
    if (typeof v !== 'number' || !Number.isFinite(v) || (isInt && !Number.isInteger(v))) {
      fail(fieldPath, `expected ${range}, got ${describe(v)}`, range);
    }
    if (field === 'maxAttempts') {
      out.maxAttempts = Math.min(bounds.max, Math.max(bounds.min, v));
      continue;
    }
    if (v < min || v > bounds.max) {
      const why = field === 'maxDelayMs' && v < min ? ' (maxDelayMs must be >= initialDelayMs)' : '';
      fail(fieldPath, `must be ${range}, got ${v}${why}`, range);
    }
    out[field] = v;
  }
  return out;
}
