// A long-running process (`svc serve`, the daemon: one context kept warm, one log follow per device) keeps getting
// results after its connection to the adb server breaks under it. Two ways a connection breaks without an orderly
// end, both seen when an adb server is restarted under load (issue 36: every later execution ran on the phone yet
// was reported RESULT_ENVELOPE_TIMEOUT, until both processes were restarted):
// - a reset: the socket errors and closes, and the adb library never ended the follow's stream;
// - silence: the connection stays open and nothing arrives; only the watchdog can tell (it writes an entry with the
//   device's own `log` and sees the follow never hand it over), and it rebuilds the follow from the last entry seen,
//   in time for the execution that waits.
// Real adb and a simulated device, with a relay in between that breaks the connections open at one moment
// (adb-link-faults.ts); the relay forwards everything else unchanged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { normalizeAndValidateExecution } from '../src/contracts/validate.ts';
import { createContext, type SvcContext } from '../src/core/context.ts';
import { logRouterOf } from '../src/executions/drivers/operator/log-router.ts';
import { runOnDevice } from '../src/executions/run-on-device.ts';
import { type AdbLink, openAdbLink } from './adb-link-faults.ts';

describe('a long-lived context heals its device log follow', () => {
  let lab: Lab;
  let link: AdbLink;
  let ctx: SvcContext;
  let serial: string;
  let count = 0;

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    link = await openAdbLink(lab.adbPort);
    ctx = createContext({
      env: { ...process.env, ...lab.env, ADB_SERVER_SOCKET: link.socketSpec },
      cwd: lab.home,
      longLived: true,
    });
  });
  after(async () => {
    await ctx?.close();
    await link?.close();
    await lab?.close();
  });

  async function run(timeoutMs = 10_000) {
    const commandId = `heal-${++count}`;
    const outcome = normalizeAndValidateExecution({
      commandId,
      taskId: commandId,
      source: 'heal-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs,
      actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 10 } }],
    });
    if (!outcome.ok) throw outcome.error;
    const result = await runOnDevice(ctx, {
      execution: outcome.execution,
      target: { deviceId: serial, operatorPackage: 'com.svc.operator', driver: 'operator' },
    });
    return { commandId, result };
  }

  test('after the connections to the adb server are reset, the next execution gets its own result', async () => {
    assert.equal((await run()).result.ok, true);
    link.resetOpen();
    const { commandId, result } = await run(5000);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.ok && result.envelope.commandId, commandId);
  });

  test('a follow that went silent while the device answers is rebuilt in time for the execution waiting on it', async () => {
    assert.equal((await run()).result.ok, true);
    const before = logRouterOf(ctx).followOf(serial)?.watchdogRebuilds ?? 0;
    link.silenceOpen();
    const { commandId, result } = await run(15_000);
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.equal(result.ok && result.envelope.commandId, commandId);
    assert.equal(logRouterOf(ctx).followOf(serial)?.watchdogRebuilds, before + 1);
    // And the rebuilt follow goes on working.
    assert.equal((await run()).result.ok, true);
  });
});
