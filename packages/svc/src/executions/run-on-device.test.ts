// runExecution against a scripted FakeAdb: call order, routing and host post-processing in isolation. The same
// behaviours through real adb and the simulator are in packages/svc/test/executions-*.test.ts.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { serializeEnvelope } from '../contracts/envelope.ts';
import { type ContextOptions, createContext } from '../core/context.ts';
import { runExecution } from '../submit/validate-and-run.test-helper.ts';
import { execution, fakeDevice, PKG, successEnvelope } from './drivers/operator/fake-operator.test-helper.ts';
import { SETTLE_WARNING } from './drivers/operator/post-process.ts';

const home = await mkdtemp(join(tmpdir(), 'svc-run-unit-'));
after(() => rm(home, { recursive: true, force: true, maxRetries: 5 }));

function context(adb: ContextOptions['adb']) {
  return createContext({ env: { HOME: home }, cwd: home, ...(adb ? { adb } : {}) });
}

test('an invalid payload fails with EXECUTION_VALIDATION_FAILED before any adb call', async () => {
  const { adb } = fakeDevice({});
  const result = await runExecution(context(adb), { execution: execution([{ id: 'a', type: 'sleep' }]) });
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.error.code, 'EXECUTION_VALIDATION_FAILED');
  assert.deepEqual(adb.calls, []);
});

test('returns the envelope of its own commandId and ignores envelopes of other commandIds', async () => {
  const { adb } = fakeDevice({
    respond: (e) => [
      `[svc-Result] ${serializeEnvelope({ ...successEnvelope(e), commandId: 'someone-else' })}`,
      `[svc-Command] start commandId=${e.commandId} taskId=t`,
      `[svc-Result] ${serializeEnvelope({ ...successEnvelope(e), taskId: 'mine' })}`,
    ],
  });
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.deviceId, 'fake-1');
  assert.equal(result.terminalSource, 'svc_result');
  assert.equal(result.envelope.taskId, 'mine');
});

test('the presence check, the log follow bound and the broadcast happen in that order, with no logcat -c', async () => {
  const { adb } = fakeDevice({});
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.ok(result.ok);
  const broadcast = adb.calls.findIndex((c) => c.includes('am broadcast'));
  assert.ok(adb.calls.findIndex((c) => c.includes('pm list packages')) < broadcast);
  assert.ok(adb.calls.findIndex((c) => c.includes('logcat -v epoch -t 1')) < broadcast);
  assert.ok(!adb.calls.some((c) => c.includes('logcat -c')));
});

/**
 * A result line as the operator's later builds write one over 3000 bytes: JSON chunk lines of 1024 bytes each
 * (ResultEnvelopeTransport.kt at clawperator faba59e79819fe2c0a1721225fb9e329673aa405).
 */
function chunkLines(ids: { commandId: string; taskId: string }, resultLine: string): string[] {
  const bytes = Buffer.from(resultLine, 'utf8');
  const count = Math.ceil(bytes.length / 1024);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return Array.from({ length: count }, (_, index) => {
    const data = bytes.subarray(index * 1024, (index + 1) * 1024).toString('base64');
    return `[svc-Result-Chunk] ${JSON.stringify({ ...ids, index, count, byteLength: bytes.length, sha256, data })}`;
  });
}

test('a result envelope written as chunk lines is put back together', async () => {
  const { adb } = fakeDevice({
    respond: (e) => {
      const envelope = successEnvelope(e);
      const long = { ...envelope, taskId: 't'.repeat(4000) };
      return chunkLines(long, `[svc-Result] ${serializeEnvelope(long)}`);
    },
  });
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.envelope.stepResults?.[0]?.id, 's');
});

test('an unreadable envelope naming our commandId fails with RESULT_ENVELOPE_MALFORMED naming the device', async () => {
  const { adb } = fakeDevice({ respond: (e) => [`[svc-Result] {"commandId":"${e.commandId}", broken`] });
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.equal(!result.ok && result.error.code, 'RESULT_ENVELOPE_MALFORMED');
  assert.equal(!result.ok && result.error.details?.deviceId, 'fake-1');
});

test('without the operator package: OPERATOR_NOT_INSTALLED and nothing is broadcast', async () => {
  const { adb, dispatched } = fakeDevice({ installed: false });
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.equal(!result.ok && result.error.code, 'OPERATOR_NOT_INSTALLED');
  assert.deepEqual(!result.ok && result.error.details, { deviceId: 'fake-1', operatorPackage: PKG });
  assert.equal(dispatched.length, 0);
});

test('close_app: the host force-stops before dispatch and the runtime close error becomes a success', async () => {
  const { adb } = fakeDevice({
    respond: (e) => [
      `[svc-Result] ${serializeEnvelope(
        successEnvelope(e, [
          {
            id: 'c',
            actionType: 'close_app',
            success: false,
            data: { error: 'UNSUPPORTED_RUNTIME_CLOSE', message: 'no' },
          },
        ]),
      )}`,
    ],
  });
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 'c', type: 'close_app', params: { package: 'com.example.app' } }]),
  });
  assert.ok(result.ok);
  assert.deepEqual(result.envelope.stepResults?.[0], {
    id: 'c',
    actionType: 'close_app',
    success: true,
    data: { application_id: 'com.example.app' },
  });
  const stop = adb.calls.findIndex((c) => c.endsWith("am force-stop 'com.example.app'"));
  assert.ok(stop >= 0 && stop < adb.calls.findIndex((c) => c.includes('am broadcast')));
});

/** The operator's UI hierarchy line of a snapshot step (TaskScopeDefault.kt:248 @ v0.5.2), with its dump. */
const dumped = (text: string) =>
  `[TaskScope] UI Hierarchy:\n<hierarchy rotation="0">\n  <node text="${text}" />\n</hierarchy>`;

test('snapshot XML is given to its step, warns after a click, and a step without a dump fails', async () => {
  const { adb } = fakeDevice({
    respond: (e) => [
      `[svc-Command] start commandId=${e.commandId} taskId=t`,
      '[UiActionEngine] step_start id=tap type=Click',
      '[UiActionEngine] step_start id=snap1 type=SnapshotUi',
      dumped('first'),
      '[UiActionEngine] step_start id=snap2 type=SnapshotUi',
      dumped('second'),
      '[UiActionEngine] step_start id=snap3 type=SnapshotUi',
      `[svc-Result] ${serializeEnvelope(
        successEnvelope(e, [
          { id: 'tap', actionType: 'click', success: true, data: { click_types: 'default' } },
          { id: 'snap1', actionType: 'snapshot_ui', success: true, data: { actual_format: 'hierarchy_xml' } },
          { id: 'snap2', actionType: 'snapshot_ui', success: true, data: {} },
          { id: 'snap3', actionType: 'snapshot_ui', success: true, data: {} },
        ]),
      )}`,
    ],
  });
  const result = await runExecution(context(adb), {
    execution: execution([
      { id: 'tap', type: 'click', params: { matcher: { textEquals: 'OK' } } },
      { id: 'snap1', type: 'snapshot_ui' },
      { id: 'snap2', type: 'snapshot_ui' },
      { id: 'snap3', type: 'snapshot_ui' },
    ]),
  });
  assert.ok(result.ok, JSON.stringify(result));
  const [, first, second, third] = result.envelope.stepResults ?? [];
  assert.equal(first?.data.text, '<hierarchy rotation="0">\n  <node text="first" />\n</hierarchy>');
  assert.equal(first?.data.warn, SETTLE_WARNING);
  assert.equal(second?.data.text, '<hierarchy rotation="0">\n  <node text="second" />\n</hierarchy>');
  assert.equal(second?.data.warn, undefined);
  assert.equal(second?.data.actual_format, 'hierarchy_xml');
  assert.equal(third?.success, false);
  assert.equal(third?.data.error, 'SNAPSHOT_EXTRACTION_FAILED');
});

test('take_screenshot: the host captures a PNG to the path relative to the caller cwd', async () => {
  const { adb } = fakeDevice({
    respond: (e) => [
      `[svc-Result] ${serializeEnvelope(
        successEnvelope(e, [
          {
            id: 'shot',
            actionType: 'take_screenshot',
            success: false,
            data: { error: 'UNSUPPORTED_RUNTIME_SCREENSHOT' },
          },
        ]),
      )}`,
    ],
  });
  const cwd = await mkdtemp(join(home, 'cwd-'));
  const result = await runExecution(context(adb), {
    execution: execution([{ id: 'shot', type: 'take_screenshot', params: { path: 'shots/a.png' } }]),
    cwd,
  });
  assert.ok(result.ok);
  assert.deepEqual(result.envelope.stepResults?.[0], {
    id: 'shot',
    actionType: 'take_screenshot',
    success: true,
    data: { path: join(cwd, 'shots/a.png') },
  });
  assert.deepEqual(new Uint8Array(await readFile(join(cwd, 'shots/a.png'))), adb.screen);
});

test('a second execution on the same device while one is in flight fails with EXECUTION_CONFLICT_IN_FLIGHT', async () => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { adb } = fakeDevice({});
  const inner = adb.handle;
  adb.handle = async (serial, command) => {
    if (command.startsWith('am broadcast')) await gate;
    return inner(serial, command);
  };
  const ctx = context(adb);
  const payload = () => execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]);
  const first = runExecution(ctx, { execution: payload() });
  while (!adb.calls.some((c) => c.includes('am broadcast'))) await new Promise((r) => setTimeout(r, 5));
  const second = await runExecution(ctx, { execution: payload() });
  release();
  assert.equal(!second.ok && second.error.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
  assert.equal(!second.ok && second.error.details?.holderPid, process.pid);
  assert.ok((await first).ok);
  assert.ok((await runExecution(ctx, { execution: payload() })).ok, 'the lock is free again');
});

test('no envelope: RESULT_ENVELOPE_TIMEOUT with diagnostics, then the lock settles before the next run', async () => {
  const { adb } = fakeDevice({
    respond: (e) => [
      `[svc-Command] start commandId=${e.commandId} taskId=t`,
      '[UiActionEngine] step_start id=s type=SleepAction',
    ],
  });
  const ctx = context(adb);
  const result = await runExecution(ctx, {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }], { timeoutMs: 1000 }),
  });
  assert.equal(!result.ok && result.error.code, 'RESULT_ENVELOPE_TIMEOUT');
  const details = !result.ok ? (result.error.details ?? {}) : {};
  assert.equal(details.broadcastSent, true);
  assert.equal(details.broadcastResult, 0);
  assert.deepEqual(details.lastEvents, ['s:sleep:start']);
  const next = await runExecution(ctx, {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.equal(!next.ok && next.error.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
  assert.equal(!next.ok && next.error.details?.settling, true);
});

test('a device command whose connection ended under it is DEVICE_DISCONNECTED, not a host-side failure', async () => {
  const { adb } = fakeDevice({});
  const answer = adb.handle;
  // The adb library's words when the device or its adb server went away mid-command (shell protocol, no exit).
  adb.handle = (serial, command) => {
    if (command.startsWith('pm list packages')) throw new Error('Socket ended without exit message');
    return answer(serial, command);
  };
  // A home of its own: an earlier test's timeout may still hold the shared one's lock (settling).
  const own = await mkdtemp(join(tmpdir(), 'svc-run-unit-'));
  after(() => rm(own, { recursive: true, force: true, maxRetries: 5 }));
  const result = await runExecution(createContext({ env: { HOME: own }, cwd: own, adb }), {
    execution: execution([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]),
  });
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.error.code, 'DEVICE_DISCONNECTED', JSON.stringify(result));
  assert.equal(!result.ok && result.error.details?.deviceId, 'fake-1');
});
