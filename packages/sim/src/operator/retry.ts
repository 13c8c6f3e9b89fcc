// Retry presets and explicit retry objects (SPEC 2.4, OPERATOR-PROTOCOL §5). Delay before retry k is
// min(initial * multiplier^(k-1), max) with ±jitter; every bound is clamped, never rejected.
export interface RetryPolicy {
  maxAttempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
  backoffMultiplier: number;
  jitterRatio: number;
}

const preset = (maxAttempts: number, initialDelayMs: number, maxDelayMs: number): RetryPolicy => ({
  maxAttempts,
  initialDelayMs,
  maxDelayMs,
  backoffMultiplier: 2,
  jitterRatio: 0.15,
});

export const RETRY_PRESETS = {
  UiReadiness: preset(5, 500, 3000),
  UiScroll: preset(4, 400, 2000),
  AppLaunch: preset(4, 750, 4000),
  AppClose: preset(4, 400, 2000),
  None: preset(1, 0, 0),
} as const;

export type RetryPresetName = keyof typeof RETRY_PRESETS;

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(max, Math.max(min, n));
}

/** The policy of one step: the explicit object (clamped, missing fields from the preset) or the preset. */
export function resolveRetry(explicit: unknown, presetName: RetryPresetName): RetryPolicy {
  const base = RETRY_PRESETS[presetName];
  if (!explicit || typeof explicit !== 'object') return base;
  const r = explicit as Partial<Record<keyof RetryPolicy, unknown>>;
  const initialDelayMs = clamp(r.initialDelayMs, 0, 30000, base.initialDelayMs);
  return {
    maxAttempts: Math.round(clamp(r.maxAttempts, 1, 10, base.maxAttempts)),
    initialDelayMs,
    maxDelayMs: clamp(r.maxDelayMs, initialDelayMs, 60000, Math.max(base.maxDelayMs, initialDelayMs)),
    backoffMultiplier: clamp(r.backoffMultiplier, 1, 5, base.backoffMultiplier),
    jitterRatio: clamp(r.jitterRatio, 0, 1, base.jitterRatio),
  };
}

/** Delay before retry k (k = 1 for the second attempt). */
export function retryDelayMs(policy: RetryPolicy, k: number, random: () => number = Math.random): number {
  const base = Math.min(policy.initialDelayMs * policy.backoffMultiplier ** (k - 1), policy.maxDelayMs);
  const jitter = base * policy.jitterRatio * (random() * 2 - 1);
  return Math.max(0, Math.round(base + jitter));
}
