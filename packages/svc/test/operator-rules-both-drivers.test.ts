// Two rules an agent must be able to trust on both drivers (issue 27 item 3), through real adb: the operator driver
// on the simulated published operator (Clawperator 0.5.2, as its code behaves) and the adb driver on a stock phone.
// (a) After a failure the operator app treats as fatal, no further action touches the device: the app ends the
//     execution when an action throws (TaskRunnerDefault.kt:31-37, UiActionEngine.kt:95-105 and 209-230,
//     TaskScopeDefault.kt:131-170 @ v0.5.2); svc keeps the steps before it and names the failed one.
// (b) wait_for_node's timeoutMs bounds the whole retry loop and never extends it (TaskUiScopeDefault.kt:225-268).
//     Here the answer shows which bound ended it; the time is proved on the clock ports: svc's for the adb driver
//     (packages/svc/src/executions/drivers/adb/wait-bound.test.ts), the device's for the operator
//     (packages/sim/src/operator/runtime.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import type { RunResult } from '../src/contracts/types.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';

describe('fatal failures and wait bounds on both drivers', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }, { operator: false }] });
  });
  after(() => lab?.close());

  const drivers = [
    { driver: 'operator', index: 0 },
    { driver: 'adb', index: 1 },
  ] as const;

  async function run(index: number, driver: string, actions: unknown[]) {
    const sim = lab.devices[index]!;
    const ctx = labContext(lab);
    const mark = sim.device.commandLog.length;
    try {
      const result: RunResult = await runExecution(ctx, {
        execution: payload(actions, { timeoutMs: 60000 }),
        deviceId: sim.serial,
        driver,
        operatorPackage: 'com.clawperator.operator',
        cwd: lab.home,
      });
      assert.ok(result.ok, JSON.stringify(result));
      return { envelope: result.envelope, commands: sim.device.commandLog.slice(mark) };
    } finally {
      await ctx.close();
    }
  }

  for (const { driver, index } of drivers) {
    test(`${driver}: open of a missing app ends the execution; the click after it never reaches the device`, async () => {
      const { envelope, commands } = await run(index, driver, [
        { id: 'home', type: 'press_key', params: { key: 'home' } },
        { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: { maxAttempts: 1 } } },
        { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Dark theme' } } },
        { id: 'snap', type: 'snapshot_ui' },
      ]);
      assert.equal(envelope.status, 'failed');
      assert.equal(envelope.errorCode, 'ACTION_FAILED');
      assert.match(envelope.error ?? '', /^Task execution failed: /);
      assert.deepEqual(
        envelope.stepResults?.map((s) => [s.id, s.success, s.data.error]),
        [
          ['home', true, undefined],
          ['open', false, 'APP_NOT_FOUND'],
        ],
      );
      const afterOpen = commands.slice(commands.findIndex((c) => c.includes('com.nope.app')) + 1);
      assert.ok(!afterOpen.some((c) => /^input |uiautomator dump/.test(c)), afterOpen.join('\n'));
    });

    test(`${driver}: a click on a node that is not there ends the execution; the key press after it never runs`, async () => {
      const { envelope, commands } = await run(index, driver, [
        { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
        { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Nope' }, retry: { maxAttempts: 1 } } },
        { id: 'back', type: 'press_key', params: { key: 'back' } },
      ]);
      assert.equal(envelope.errorCode, 'ACTION_FAILED');
      assert.deepEqual(
        envelope.stepResults?.map((s) => [s.id, s.success, s.data.error]),
        [
          ['open', true, undefined],
          ['tap', false, 'NODE_NOT_FOUND'],
        ],
      );
      assert.ok(!commands.some((c) => c.startsWith('input keyevent')), commands.join('\n'));
    });

    test(`${driver}: a 2000 ms wait for a missing node ends by its own timeout, not by five 2000 ms waits`, async () => {
      const { envelope } = await run(index, driver, [
        { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs: 2000 } },
      ]);
      assert.equal(envelope.errorCode, 'ACTION_FAILED');
      const [wait] = envelope.stepResults ?? [];
      assert.equal(wait?.data.error, 'NODE_NOT_FOUND');
      assert.match(wait?.data.message ?? '', /^Timeout waiting for node matching: .* \(timeoutMs=2000\)$/);
      // Both drivers name the selector as the agent wrote it, not as the device's matcher prints it.
      assert.ok(wait?.data.message?.includes('{"text":"Nope"}'), wait?.data.message);
    });

    // UiActionEngine.kt:326-421 @ v0.5.2: a scroll_until whose loop ended without its target waits for it once more
    // with the UiReadiness preset (five looks) before it answers TARGET_NOT_FOUND, a failure it returns.
    test(`${driver}: scroll_until looks for its target five more times before TARGET_NOT_FOUND`, async () => {
      const { envelope, commands } = await run(index, driver, [
        { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
        { id: 'until', type: 'scroll_until', params: { matcher: { textEquals: 'Nope' }, maxScrolls: 1 } },
        { id: 'after', type: 'sleep', params: { durationMs: 10 } },
      ]);
      assert.equal(envelope.status, 'success');
      assert.deepEqual(
        envelope.stepResults?.map((s) => [s.id, s.success, s.data.error, s.data.termination_reason]),
        [
          ['open', true, undefined, undefined],
          ['until', false, 'TARGET_NOT_FOUND', 'MAX_SCROLLS_REACHED'],
          ['after', true, undefined, undefined],
        ],
      );
      if (driver === 'adb') {
        // The screen after the one swipe, then the five looks of the last wait.
        const afterSwipe = commands.slice(commands.findLastIndex((c) => c.startsWith('input swipe')) + 1);
        assert.equal(afterSwipe.filter((c) => c.includes('uiautomator dump')).length, 6, afterSwipe.join('\n'));
      }
    });

    test(`${driver}: a 20000 ms wait for a missing node ends when its retries run out, never later`, async () => {
      const { envelope } = await run(index, driver, [
        { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs: 20000 } },
      ]);
      const [wait] = envelope.stepResults ?? [];
      assert.match(wait?.data.message ?? '', /^No UI node found matching criteria: /);
    });
  }
});
