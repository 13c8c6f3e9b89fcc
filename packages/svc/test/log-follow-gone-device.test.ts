// A long-lived context (longLived, as `svc serve` and the daemon build it) whose device disappears for good,
// through real adb and the simulator: the kept follow backs off instead of retrying every 200 ms, is let go once no
// execution waits and the adb server no longer lists the device, and a later execution on the re-added device
// works. The context's clock records each backoff and sleeps only 2 ms, so the test counts attempts, not time.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLab, type Lab } from 'svc-sim/testing';
import type { Clock } from '../src/adapters/clock.ts';
import { createContext, type SvcContext } from '../src/core/context.ts';
import { IDLE_FAILURE_LIMIT, WAITED_MAX_RETRY_DELAY_MS } from '../src/executions/drivers/operator/follow-retry.ts';
import { logRouterOf } from '../src/executions/drivers/operator/log-router.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';

let lab: Lab;
let counter = 0;

before(async () => {
  lab = await createLab({ devices: [{}] });
});
after(() => lab.close());

/** Records each backoff and yields 2 ms instead; from backoff number `holdAfter` on, only a wake-up ends a wait. */
function recordingClock(delays: number[], holdAfter = Number.POSITIVE_INFINITY): Clock {
  return {
    now: () => Date.now(),
    monotonic: () => performance.now(),
    sleep: async (ms, signal) => {
      delays.push(ms);
      await sleep(delays.length > holdAfter ? 60_000 : 2, undefined, signal === undefined ? {} : { signal });
    },
  };
}

function longLivedContext(clock: Clock): SvcContext {
  return createContext({ env: { ...lab.env, PATH: process.env.PATH }, cwd: lab.home, longLived: true, clock });
}

function sleepExecution() {
  counter++;
  const id = `gone-${process.pid}-${counter}`;
  return {
    commandId: id,
    taskId: id,
    source: 'gone-device',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 20_000,
    actions: [{ id: 's0', type: 'sleep', params: { durationMs: 0 } }],
  };
}

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !check(); i++) await sleep(25);
  assert.ok(check(), `timed out waiting for ${what}`);
}

describe('the kept log follow of a device that disappears', () => {
  it('backs off while an execution waits, stops once nobody waits, and restarts for the re-added device', async () => {
    const delays: number[] = [];
    const ctx = longLivedContext(recordingClock(delays, 6));
    try {
      const sim = lab.devices[0]!;
      const serial = sim.serial;
      const first = await runExecution(ctx, { execution: sleepExecution(), deviceId: serial });
      assert.equal(first.ok, true, JSON.stringify(first));
      const warm = logRouterOf(ctx).followOf(serial);
      assert.ok(warm?.open, 'the follow stays warm after the execution');

      const waiter = await logRouterOf(ctx).subscribe(serial, 'still-waiting', () => {});
      const port = sim.port;
      await lab.removeDevice(sim); // `adb disconnect` and stop: the adb server no longer lists it
      await until('six backoffs', () => delays.length >= 7);
      // Each wait at least as long as the one before, up to the cap that applies while an execution waits.
      const waits = delays.slice(0, 6);
      assert.deepEqual(
        waits,
        [...waits].sort((a, b) => a - b),
      );
      assert.ok(waits.every((ms) => ms <= WAITED_MAX_RETRY_DELAY_MS));
      assert.equal(waits.at(-1), WAITED_MAX_RETRY_DELAY_MS);
      assert.equal(logRouterOf(ctx).followOf(serial), warm, 'still followed while an execution waits');
      assert.ok(warm.attempts <= 8, `attempts: ${warm.attempts}`);

      const attemptsBefore = warm.attempts;
      await waiter.unsubscribe();
      await until('the follow to be let go', () => logRouterOf(ctx).followOf(serial) === undefined);
      assert.equal(warm.gaveUp, true);
      assert.equal(warm.attempts, attemptsBefore + 1, 'one attempt after the last waiter left, then none');
      assert.ok(warm.failures < IDLE_FAILURE_LIMIT, 'let go because the adb server no longer lists the device');
      await sleep(300); // ~100 attempts at the recorded pace, had the follow gone on
      assert.equal(warm.attempts, attemptsBefore + 1);

      await lab.addDevice({ port });
      const later = await runExecution(ctx, { execution: sleepExecution(), deviceId: serial });
      assert.equal(later.ok, true, JSON.stringify(later));
      const fresh = logRouterOf(ctx).followOf(serial);
      assert.ok(fresh !== undefined && fresh !== warm, 'a fresh follow for the re-added device');
      assert.equal(fresh.attempts, 1);
      assert.equal(fresh.open, true);
    } finally {
      await ctx.close();
    }
  });

  it('stops following a stopped device that nobody waits for within a bounded number of attempts', async () => {
    const delays: number[] = [];
    const ctx = longLivedContext(recordingClock(delays));
    try {
      const sim = await lab.addDevice({});
      const result = await runExecution(ctx, { execution: sleepExecution(), deviceId: sim.serial });
      assert.equal(result.ok, true, JSON.stringify(result));
      const status = logRouterOf(ctx).followOf(sim.serial);
      assert.ok(status?.open);
      await sim.stop(); // killed without `adb disconnect`: adb may list it (offline) a while longer
      await until('the follow to be let go', () => logRouterOf(ctx).followOf(sim.serial) === undefined);
      assert.equal(status.gaveUp, true);
      assert.ok(status.attempts <= IDLE_FAILURE_LIMIT + 1, `attempts: ${status.attempts}`);
      const attempts = status.attempts;
      await sleep(300);
      assert.equal(status.attempts, attempts, 'no attempt after letting go');
    } finally {
      await ctx.close();
    }
  });
});
