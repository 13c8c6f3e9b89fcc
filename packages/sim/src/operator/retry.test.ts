import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RETRY_PRESETS, resolveRetry, retryDelayMs } from './retry.ts';

test('the presets hold the values of OPERATOR-PROTOCOL §5', () => {
  const row = (p: (typeof RETRY_PRESETS)[keyof typeof RETRY_PRESETS]) => [
    p.maxAttempts,
    p.initialDelayMs,
    p.maxDelayMs,
  ];
  assert.deepEqual(row(RETRY_PRESETS.UiReadiness), [5, 500, 3000]);
  assert.deepEqual(row(RETRY_PRESETS.UiScroll), [4, 400, 2000]);
  assert.deepEqual(row(RETRY_PRESETS.AppLaunch), [4, 750, 4000]);
  assert.deepEqual(row(RETRY_PRESETS.AppClose), [4, 400, 2000]);
  assert.equal(RETRY_PRESETS.None.maxAttempts, 1);
  assert.equal(RETRY_PRESETS.UiReadiness.backoffMultiplier, 2);
  assert.equal(RETRY_PRESETS.UiReadiness.jitterRatio, 0.15);
});

test('an omitted retry takes the preset; explicit values are clamped, never rejected', () => {
  assert.equal(resolveRetry(undefined, 'UiScroll'), RETRY_PRESETS.UiScroll);
  assert.deepEqual(
    resolveRetry(
      { maxAttempts: 99, initialDelayMs: 99999, maxDelayMs: 1, backoffMultiplier: 9, jitterRatio: 2 },
      'None',
    ),
    { maxAttempts: 10, initialDelayMs: 30000, maxDelayMs: 30000, backoffMultiplier: 5, jitterRatio: 1 },
  );
  assert.deepEqual(
    resolveRetry({ maxAttempts: 0, maxDelayMs: 999999, backoffMultiplier: 0.5, jitterRatio: -1 }, 'UiReadiness'),
    {
      maxAttempts: 1,
      initialDelayMs: 500,
      maxDelayMs: 60000,
      backoffMultiplier: 1,
      jitterRatio: 0,
    },
  );
});

test('the delay before retry k is min(initial * multiplier^(k-1), max) with jitter inside ±ratio', () => {
  const p = RETRY_PRESETS.UiReadiness;
  const mid = () => 0.5;
  assert.deepEqual(
    [1, 2, 3, 4].map((k) => retryDelayMs(p, k, mid)),
    [500, 1000, 2000, 3000],
  );
  assert.equal(
    retryDelayMs(p, 1, () => 0),
    425,
  );
  assert.equal(
    retryDelayMs(p, 1, () => 1),
    575,
  );
});
