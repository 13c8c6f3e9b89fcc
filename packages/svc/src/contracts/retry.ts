// SPEC 2.4 retry object. maxAttempts is "clamped 1 to 10" (an integer outside is clamped, C-27); every other field
// is a range and a value outside it is rejected. Unknown keys are rejected.
import { RETRY_BOUNDS, RETRY_PRESETS } from './limits.ts';
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

export type RetryPolicy = Required<Retry>;
export type RetryPresetName = keyof typeof RETRY_PRESETS;

/**
 * The policy of one step, as the operator applies it: the step's own retry object (already validated; missing
 * fields from the preset), else the action's preset. Drivers that run actions on the host use the same policy.
 */
export function retryPolicyOf(explicit: Retry | undefined, preset: RetryPresetName): RetryPolicy {
  const base = RETRY_PRESETS[preset];
  if (explicit === undefined) return { ...base };
  const initialDelayMs = explicit.initialDelayMs ?? base.initialDelayMs;
  return {
    maxAttempts: explicit.maxAttempts ?? base.maxAttempts,
    initialDelayMs,
    maxDelayMs: explicit.maxDelayMs ?? Math.max(base.maxDelayMs, initialDelayMs),
    backoffMultiplier: explicit.backoffMultiplier ?? base.backoffMultiplier,
    jitterRatio: explicit.jitterRatio ?? base.jitterRatio,
  };
}

/** Delay before retry k (k = 1 before the second attempt): min(initial · multiplier^(k-1), max) ± jitter. */
export function retryDelayMs(policy: RetryPolicy, k: number, random: () => number = Math.random): number {
  const base = Math.min(policy.initialDelayMs * policy.backoffMultiplier ** (k - 1), policy.maxDelayMs);
  const jitter = base * policy.jitterRatio * (random() * 2 - 1);
  return Math.max(0, Math.round(base + jitter));
}
