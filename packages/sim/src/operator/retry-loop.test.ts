// The retry loop and presets (TaskUiScopeDefault.kt:57-127, TaskRetry.kt:5-44, TaskRetryPresets.kt:17-56 @ v0.5.2).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appHarness } from './harness.test-helper.ts';
import { RETRY } from './model.ts';
import { retrySleepMs } from './retry-loop.ts';

test('the presets: attempts, first delay, cap; multiplier 2 and jitter 0.15 (TaskRetryPresets.kt:17-56)', () => {
  assert.deepEqual(
    Object.fromEntries(
      Object.entries(RETRY).map(([k, r]) => [
        k,
        [r.maxAttempts, r.initialDelayMs, r.maxDelayMs, r.backoffMultiplier, r.jitterRatio],
      ]),
    ),
    {
      None: [1, 0, 0, 1, 0],
      UiReadiness: [5, 500, 3000, 2, 0.15],
      AppLaunch: [4, 750, 4000, 2, 0.15],
      AppClose: [4, 400, 2000, 2, 0.15],
      UiScroll: [4, 400, 2000, 2, 0.15],
    },
  );
});

test('a sleep is drawn in whole ms from [d - d·jitter, d + d·jitter] (TaskUiScopeDefault.kt:102-117)', () => {
  assert.equal(
    retrySleepMs(RETRY.UiReadiness, 1000, () => 0),
    850,
  );
  assert.equal(
    retrySleepMs(RETRY.UiReadiness, 1000, () => 0.999999),
    1150,
  );
  assert.equal(
    retrySleepMs({ ...RETRY.UiReadiness, jitterRatio: 0 }, 1000, () => 0),
    1000,
  );
});

test('UiReadiness sleeps 500, 1000, 2000, 3000 ms between its 5 attempts; each retry is a stage-retry line (Executor:128-131)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Nope' } } }]);
  const retries = out.messages
    .filter((m) => m.includes('stage-retry'))
    .map((m) => /attempt=(\d+\/\d+) delayMs=(\d+)/.exec(m)!.slice(1).join(' '));
  assert.deepEqual(retries, ['1/5 500', '2/5 1000', '3/5 2000', '4/5 3000']);
  assert.equal(out.elapsedMs, 6500);
});

test('a given retry object replaces the preset whole: {} is one attempt (AgentCommandParser.kt:286-309)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 'c', type: 'click', params: { matcher: { textEquals: 'Nope' }, retry: {} } }]);
  assert.equal(out.messages.filter((m) => m.includes('stage-retry')).length, 0);
  assert.equal(out.elapsedMs, 0);
  assert.match(out.envelope?.error ?? '', /^Task execution failed: No UI node found matching criteria/);
});
