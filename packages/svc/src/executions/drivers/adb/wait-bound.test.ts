// wait_for_node's timeoutMs bounds its whole retry loop on the adb driver, as on the operator app
// (TaskUiScopeDefault.kt:225-268 @ clawperator v0.5.2: the loop runs under withTimeout(timeoutMs), and the timeout
// never extends it). Proved on svc's clock port: a clock whose time moves only when the driver sleeps, and a look at
// the screen that never finds the node, so the bound holds whatever the machine's load. (Through real adb:
// packages/svc/test/operator-rules-both-drivers.test.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import type { Clock } from '../../../adapters/clock.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import { createContext } from '../../../core/context.ts';
import type { AdbTable } from './actions/adb-table.ts';
import { ADB_ACTIONS } from './actions/index.ts';
import { runSteps } from './run-steps.ts';
import { StepFailure } from './step.ts';

function virtualClock(): Clock & { elapsed: () => number } {
  let t = 0;
  return {
    now: () => Date.now(),
    monotonic: () => t,
    sleep: async (ms) => {
      t += Math.max(0, ms);
    },
    elapsed: () => t,
  };
}

async function waitFor(timeoutMs: number) {
  const clock = virtualClock();
  let looks = 0;
  const table = {
    ...ADB_ACTIONS,
    wait_for_node: {
      run: async () => {
        looks++;
        throw new StepFailure('NODE_NOT_FOUND', 'No UI node found matching criteria: x', { retryable: true });
      },
    },
  } as AdbTable;
  const ctx = createContext({ env: {}, adb: new FakeAdb(), clock });
  const execution = {
    commandId: 'c',
    taskId: 't',
    source: 's',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 60000,
    actions: [
      { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs } },
      { id: 'after', type: 'sleep', params: { durationMs: 1 } },
    ],
  } as unknown as ValidExecution;
  const run = { execution, serial: 'fake-1', operatorPackage: 'com.svc.operator', cwd: '/', verbose: false };
  const envelope = await runSteps(ctx, run, table, { dumps: 0 });
  return { envelope, elapsed: clock.elapsed(), looks };
}

test('a 2000 ms wait for a missing node ends at 2000 ms (±10%), its retries inside it, and ends the execution', async () => {
  const { envelope, elapsed, looks } = await waitFor(2000);
  assert.ok(elapsed >= 2000 && elapsed <= 2200, `${elapsed} ms`);
  // UiReadiness: looks at 0, ~500 and ~1500 ms; the next would come after 2000.
  assert.equal(looks, 3);
  assert.equal(envelope.errorCode, 'ACTION_FAILED');
  assert.deepEqual(
    envelope.stepResults?.map((s) => [s.id, s.data.error]),
    [['wait', 'NODE_NOT_FOUND']],
  );
  assert.match(
    envelope.stepResults?.[0]?.data.message ?? '',
    /^Timeout waiting for node matching: .*\(timeoutMs=2000\)$/,
  );
});

test('a 20000 ms wait ends when its five looks are spent (about 6.5 s of pauses), never later', async () => {
  const { envelope, elapsed, looks } = await waitFor(20000);
  assert.equal(looks, 5);
  assert.ok(elapsed >= 5525 && elapsed <= 7475, `${elapsed} ms`);
  assert.match(envelope.stepResults?.[0]?.data.message ?? '', /^No UI node found matching criteria: /);
});
