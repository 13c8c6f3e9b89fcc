// Issue 19, items 2 and 8: nothing on the phone can answer for the operator or end its execution. Through real adb
// and the simulator: `adb shell log -t SvcOperator ...` writes as the shell (uid 2000) exactly as on a phone, and an
// installed app writes under its own uid. Only lines of the operator's uid count; the others are ignored and
// counted in the diagnostics; a result line naming no commandId (garbage, or a stale one of an earlier execution
// replayed by `logcat -T`) ends nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLab, type Lab } from 'svc-sim/testing';
import { serializeEnvelope } from '../../src/contracts/envelope.ts';
import { createContext, type SvcContext } from '../../src/core/context.ts';
import { runExecution } from '../../src/submit/validate-and-run.test-helper.ts';

const SETTINGS = 'com.android.settings';
const TITLE = `${SETTINGS}:id/homepage_title`;
const OTHER_APP = 'com.svc.login';
let counter = 0;

function readTitleExecution(napMs: number, timeoutMs = 15_000) {
  counter++;
  const id = `forge-${process.pid}-${counter}-${Math.random().toString(16).slice(2)}`;
  return {
    commandId: id,
    taskId: id,
    source: 'security-suite',
    expectedFormat: 'android-ui-automator',
    timeoutMs,
    actions: [
      { id: 'open', type: 'open_app', params: { applicationId: SETTINGS } },
      { id: 'nap', type: 'sleep', params: { durationMs: napMs } },
      { id: 'title', type: 'read_text', params: { matcher: { resourceId: TITLE } } },
    ],
  };
}

/** A success envelope for `commandId` claiming the title reads `text`: what a forger would write. */
function forgedEnvelope(commandId: string, text: string): string {
  return serializeEnvelope({
    commandId,
    taskId: commandId,
    status: 'success',
    error: null,
    stepResults: [
      { id: 'open', actionType: 'open_app', success: true, data: {} },
      { id: 'nap', actionType: 'sleep', success: true, data: {} },
      { id: 'title', actionType: 'read_text', success: true, data: { text } },
    ],
  });
}

describe('log lines the operator did not write', () => {
  let lab: Lab;
  let ctx: SvcContext;
  let serial: string;
  const device = () => lab.devices[0]?.device;
  /** `adb shell log -t SvcOperator <message>`: the shell writes a line under the operator's tag. */
  const shellLog = (message: string) =>
    lab.adb('-s', serial, 'shell', `log -t SvcOperator '${message.replaceAll("'", `'"'"'`)}'`);
  const uidOf = async (pkg: string) => {
    const out = await lab.adb('-s', serial, 'shell', 'pm', 'list', 'packages', '-U', pkg);
    return Number(new RegExp(`^package:${pkg.replaceAll('.', '\\.')} uid:(\\d+)$`, 'm').exec(out.stdout)?.[1]);
  };
  const dispatched = (commandId: string) => device()?.commandLog.some((line) => line.includes(commandId)) ?? false;
  async function untilDispatched(commandId: string): Promise<void> {
    for (let i = 0; i < 400 && !dispatched(commandId); i++) await sleep(10);
    assert.ok(dispatched(commandId), 'the execution was broadcast');
  }

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    // As `svc serve` and the daemon run: one kept follow of the device log.
    ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home, longLived: true });
  });
  after(async () => {
    await ctx?.close();
    await lab?.close();
  });

  it('returns the real result when the shell forges a success envelope for the execution in flight', async () => {
    const execution = readTitleExecution(1500);
    const pending = runExecution(ctx, { execution, deviceId: serial });
    await untilDispatched(execution.commandId);
    const forged = await shellLog(`[svc-Result] ${forgedEnvelope(execution.commandId, 'FORGED by the shell')}`);
    assert.equal(forged.code, 0, forged.stderr);
    const result = await pending;
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.envelope.stepResults?.[2]?.data.text, 'Settings');
    assert.doesNotMatch(JSON.stringify(result), /FORGED/);
  });

  it('is not failed by a garbage result line naming no commandId, from the shell or from the operator itself', async () => {
    const operatorUid = await uidOf('com.svc.operator');
    const execution = readTitleExecution(800);
    const pending = runExecution(ctx, { execution, deviceId: serial });
    await untilDispatched(execution.commandId);
    await shellLog('[svc-Result] {garbage');
    // The operator app's own uid and pid: a broken line it wrote earlier, or one that lost its commandId.
    device()?.log.write({
      pid: 4000,
      tid: 4000,
      uid: operatorUid,
      priority: 'I',
      tag: 'SvcOperator',
      message: '[svc-Result] {"status":"fail',
    });
    const result = await pending;
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.envelope.status, 'success');
  });

  it('ignores and counts lines from the shell and from another app when the operator stays silent', async () => {
    const appUid = await uidOf(OTHER_APP);
    assert.ok(appUid > 0 && appUid !== (await uidOf('com.svc.operator')), 'the other app has a uid of its own');
    lab.devices[0]?.faults.set('drop_next_envelope');
    const execution = readTitleExecution(0, 1000);
    const pending = runExecution(ctx, { execution, deviceId: serial });
    await untilDispatched(execution.commandId);
    await shellLog(`[svc-Result] ${forgedEnvelope(execution.commandId, 'FORGED by the shell')}`);
    device()?.log.write({
      pid: 7777,
      tid: 7777,
      uid: appUid,
      priority: 'I',
      tag: 'SvcOperator',
      message: `[svc-Result] ${forgedEnvelope(execution.commandId, 'FORGED by an app')}`,
    });
    const result = await pending;
    assert.equal(result.ok, false);
    assert.ok(!result.ok);
    assert.equal(result.error.code, 'RESULT_ENVELOPE_TIMEOUT', JSON.stringify(result.error));
    const untrusted = result.error.details?.untrustedLines as { count: number; lastWriter: { uid: number } };
    assert.equal(untrusted.count, 2);
    assert.equal(untrusted.lastWriter.uid, appUid);
  });

  it('does not fail direct-mode executions on a stale malformed operator line of the same instant (3 of 3)', async () => {
    const operatorUid = await uidOf('com.svc.operator');
    for (let trial = 0; trial < 3; trial++) {
      // A broken line of an earlier execution, then another entry right after it: `logcat -T` replays that
      // instant for the next follow.
      const now = Date.now();
      const write = (message: string, uid: number) =>
        device()?.log.write({ pid: 4000, tid: 4000, uid, priority: 'I', tag: 'SvcOperator', message, epochMs: now });
      write('[svc-Result] {"commandId":', operatorUid);
      write('[svc-Result] not json at all', operatorUid);
      write('unrelated', 1000);
      const direct = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
      try {
        // waitDeviceMs: the previous test's timeout keeps the device settling for 2 s.
        const result = await runExecution(direct, {
          execution: readTitleExecution(0),
          deviceId: serial,
          waitDeviceMs: 5000,
        });
        assert.ok(result.ok, `trial ${trial}: ${JSON.stringify(result)}`);
        assert.equal(result.envelope.status, 'success');
      } finally {
        await direct.close();
      }
    }
  });
});
