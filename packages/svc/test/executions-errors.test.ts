// runExecution through real adb and simulated devices: each error code an execution can end with.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import type { ValidExecution } from '../src/contracts/types.ts';
import { createContext } from '../src/core/context.ts';
import { operatorDriver } from '../src/executions/drivers/operator/operator-driver.ts';
import { runLocked } from '../src/executions/run-on-device.ts';
import { runExecution } from '../src/executions/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';

const sleep0 = () => payload([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]);
let lab: Lab;
before(async () => {
  lab = await createLab({ devices: [{}] });
});
after(() => lab.close());

test('fails with NO_DEVICES when no device is connected', async () => {
  const empty = await createLab();
  try {
    const result = await runExecution(labContext(empty), { execution: sleep0() });
    assert.equal(!result.ok && result.error.code, 'NO_DEVICES');
  } finally {
    await empty.close();
  }
});

test('fails with MULTIPLE_DEVICES_DEVICE_ID_REQUIRED with two devices and no id, and runs with ANDROID_SERIAL', async () => {
  const two = await createLab({ devices: [{}, {}] });
  try {
    const result = await runExecution(labContext(two), { execution: sleep0() });
    assert.equal(!result.ok && result.error.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
    const serial = two.devices[1]?.serial as string;
    const chosen = await runExecution(labContext(two, { ANDROID_SERIAL: serial }), { execution: sleep0() });
    assert.ok(chosen.ok, JSON.stringify(chosen));
    assert.equal(chosen.deviceId, serial);
  } finally {
    await two.close();
  }
});

test('fails with DEVICE_NOT_FOUND listing the connected serials', async () => {
  const result = await runExecution(labContext(lab), { execution: sleep0(), deviceId: '127.0.0.1:9' });
  assert.equal(!result.ok && result.error.code, 'DEVICE_NOT_FOUND');
  assert.deepEqual(!result.ok && result.error.details?.connected, [lab.devices[0]?.serial]);
});

test('fails with OPERATOR_NOT_INSTALLED when the operator package is absent', async () => {
  const result = await runExecution(labContext(lab), { execution: sleep0(), operatorPackage: 'com.svc.operator.dev' });
  assert.equal(!result.ok && result.error.code, 'OPERATOR_NOT_INSTALLED');
  assert.ok(!lab.devices[0]?.device.commandLog.some((c) => c.includes('com.svc.operator.dev --es')));
});

test('fails with ADB_NOT_FOUND when no server runs and no adb binary exists', async () => {
  const ctx = createContext({
    env: { HOME: lab.home, ANDROID_ADB_SERVER_PORT: String(await freePort()), PATH: '/nonexistent' },
  });
  const result = await runExecution(ctx, { execution: sleep0() });
  assert.equal(!result.ok && result.error.code, 'ADB_NOT_FOUND');
});

test('two concurrent executions on one device: one runs, the other fails with EXECUTION_CONFLICT_IN_FLIGHT', async () => {
  const ctx = labContext(lab);
  const slow = payload([{ id: 's', type: 'sleep', params: { durationMs: 1500 } }]);
  const [a, b] = await Promise.all([
    runExecution(ctx, { execution: slow }),
    runExecution(labContext(lab), { execution: sleep0() }),
  ]);
  const codes = [a, b].map((r) => (r.ok ? 'ok' : r.error.code)).sort();
  assert.deepEqual(codes, ['EXECUTION_CONFLICT_IN_FLIGHT', 'ok']);
});

test('a dropped envelope ends in RESULT_ENVELOPE_TIMEOUT with diagnostics', async () => {
  lab.devices[0]?.faults.set('drop_next_envelope');
  const result = await runExecution(labContext(lab), {
    execution: payload([{ id: 's', type: 'sleep', params: { durationMs: 0 } }], { timeoutMs: 1000 }),
  });
  assert.equal(!result.ok && result.error.code, 'RESULT_ENVELOPE_TIMEOUT', JSON.stringify(result));
  const details = (!result.ok && result.error.details) || {};
  assert.equal(details.broadcastSent, true);
  assert.equal(details.deviceId, lab.devices[0]?.serial);
  assert.ok(Array.isArray(details.lastEvents));
  // The simulated operator reports the step done, then drops the envelope: that is what the message says.
  assert.equal(details.cause, 'stepFinishedNoEnvelope', JSON.stringify(details));
  assert.match(!result.ok ? result.error.message : '', /finished the last step s .* but wrote no result envelope/);
  assert.doesNotMatch(!result.ok ? result.error.message : '', /still working/);
  // settling: the lock is held 2000 ms more
  const next = await runExecution(labContext(lab), { execution: sleep0() });
  assert.equal(!next.ok && next.error.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
  await new Promise((resolve) => setTimeout(resolve, 2100));
});

test('a malformed envelope ends in RESULT_ENVELOPE_MALFORMED', async () => {
  lab.devices[0]?.faults.set('malformed_envelope');
  try {
    const result = await runExecution(labContext(lab), { execution: sleep0() });
    assert.equal(!result.ok && result.error.code, 'RESULT_ENVELOPE_MALFORMED');
  } finally {
    lab.devices[0]?.faults.clear('malformed_envelope');
  }
});

test('an action type the operator does not know: its parser drops the payload, svc says so (OPERATOR_PAYLOAD_REJECTED)', async () => {
  // Validation would refuse it; sent straight to the operator driver to see what the device answers. The app's
  // parser throws on an unknown type (AgentCommandParserDefault.kt:251 @ v0.5.2) and the receiver only logs the
  // error, with no envelope (OperatorCommandReceiver.kt:76-90): svc reads that line instead of waiting out the timeout.
  const execution = payload([{ id: 't', type: 'teleport', params: {} }]) as unknown as ValidExecution;
  const result = await runLocked(labContext(lab), operatorDriver, {
    execution,
    serial: lab.devices[0]?.serial as string,
    operatorPackage: 'com.svc.operator',
    cwd: lab.home,
    verbose: false,
  });
  assert.equal(result.ok, false, JSON.stringify(result));
  assert.equal(!result.ok && result.error.code, 'OPERATOR_PAYLOAD_REJECTED');
});

test('strings with quotes, backslashes, $(), newlines and emoji reach the device byte-identical', async () => {
  const tricky = `it's "quoted" \\ back\\slash $(rm -rf /) \`tick\` $HOME\nnew line 😀 ; && | > '' "'"`;
  // The newline travels in `source` (a label); ids refuse control characters (issue 19).
  const execution = payload([{ id: 's', type: 'sleep', params: { durationMs: 0 } }], {
    taskId: tricky.replace('\n', ' '),
    source: tricky.slice(0, 64),
  });
  assert.ok(String(execution.source).includes('\n'));
  const result = await runExecution(labContext(lab), { execution });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.envelope.taskId, tricky.replace('\n', ' '));
  const sent = lab.devices[0]?.device.commandLog.find(
    (c) => c.includes(execution.commandId) && c.startsWith('am broadcast'),
  );
  assert.ok(sent, 'the broadcast is in the command log');
  assert.ok(sent.includes(JSON.stringify(execution).replaceAll("'", `'"'"'`)));
});

test('an envelope of another commandId written first is ignored', async () => {
  lab.devices[0]?.faults.set('foreign_envelope_first');
  const execution = sleep0();
  const result = await runExecution(labContext(lab), { execution });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.envelope.commandId, execution.commandId);
});

test('a dropped hierarchy frame fails only the snapshot step, with SNAPSHOT_EXTRACTION_FAILED', async () => {
  lab.devices[0]?.faults.set('drop_hierarchy_frame');
  const result = await runExecution(labContext(lab), { execution: payload([{ id: 'snap', type: 'snapshot_ui' }]) });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.envelope.status, 'success');
  assert.equal(result.envelope.stepResults?.[0]?.success, false);
  assert.equal(result.envelope.stepResults?.[0]?.data.error, 'SNAPSHOT_EXTRACTION_FAILED');
});

test('chunk lines written twice still give one envelope', async () => {
  // Six steps echoing 512 typed chars: a result over 3000 bytes, which the svc variant writes as chunk lines
  // (ResultEnvelopeTransport.kt of the app's later builds); the fault writes each of them twice.
  const sim = lab.devices[0];
  sim?.faults.set('duplicate_frames');
  try {
    const open = payload([{ id: 'o', type: 'open_app', params: { applicationId: 'com.svc.login' } }]);
    assert.ok((await runExecution(labContext(lab), { execution: open })).ok);
    const actions = [1, 2, 3, 4, 5, 6].map((i) => ({
      id: `u${i}`,
      type: 'enter_text',
      params: { matcher: { resourceId: 'com.svc.login:id/username' }, text: 'x'.repeat(512) },
    }));
    const execution = payload(actions);
    const result = await runExecution(labContext(lab), { execution });
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(
      result.envelope.stepResults?.map((s) => [s.id, s.success]),
      actions.map((a) => [a.id, true]),
    );
  } finally {
    sim?.faults.clear('duplicate_frames');
  }
});
