import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHarness, findEnvelope, reassemble } from '../operator/harness.test-helper.ts';

const SLEEP = [{ id: 's', type: 'sleep', params: { durationMs: 0 } }];

function payload(commandId: string, actions: unknown[] = SLEEP) {
  return JSON.stringify({ commandId, taskId: 't', timeoutMs: 10000, actions });
}

function resultLines(entries: { message: string }[]) {
  return entries.map((e) => e.message).filter((l) => l.startsWith('[svc-Result] '));
}

test('drop_next_envelope swallows one envelope only', async () => {
  const h = createHarness();
  h.faults.set('drop_next_envelope');
  assert.deepEqual(resultLines(await h.send(payload('d1'))), []);
  assert.equal(resultLines(await h.send(payload('d2'))).length, 1);
});

test('malformed_envelope writes a result line that is not valid JSON', async () => {
  const h = createHarness();
  h.faults.set('malformed_envelope');
  const lines = resultLines(await h.send(payload('m1')));
  assert.equal(lines.length, 1);
  assert.throws(() => JSON.parse(lines[0]!.slice(13)));
  assert.match(lines[0]!, /"commandId":"m1"/);
});

test('delay_envelope holds the envelope back for the given time', async () => {
  const h = createHarness();
  h.faults.set('delay_envelope', 200);
  const started = Date.now();
  const entries = await h.send(payload('w1'));
  const result = entries.find((e) => e.message.startsWith('[svc-Result]'))!;
  const lastEvent = entries.filter((e) => e.message.startsWith('[svc-Event]')).at(-1)!;
  assert.ok(result.epochMs - lastEvent.epochMs >= 190);
  assert.ok(Date.now() - started >= 200);
});

test('foreign_envelope_first writes an envelope of another commandId before the real one', async () => {
  const h = createHarness();
  h.faults.set('foreign_envelope_first');
  const lines = resultLines(await h.send(payload('f1')));
  assert.equal(lines.length, 2);
  assert.notEqual(JSON.parse(lines[0]!.slice(13)).commandId, 'f1');
  assert.equal(JSON.parse(lines[1]!.slice(13)).commandId, 'f1');
});

test('a large envelope travels as result frames; duplicate_frames repeats each frame and reassembly ignores it', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  const actions = ['username', 'password'].map((id) => ({
    id,
    type: 'enter_text',
    params: { matcher: { resourceId: `com.svc.login:id/${id}` }, text: 'x'.repeat(3000) },
  }));
  h.faults.set('duplicate_frames');
  const lines = (await h.send(payload('big', actions))).map((e) => e.message);
  assert.deepEqual(resultLines(lines.map((message) => ({ message }))), []);
  const frames = lines.filter((l) => l.startsWith('[svc-Frame] result big '));
  assert.equal(frames.length, 2 * Number(/\/(\d+) /.exec(frames[0]!)![1]));
  assert.equal(frames[0], frames[1]);
  const envelope = findEnvelope(lines, 'big')!;
  assert.equal(envelope.stepResults[1]!.data.text, 'x'.repeat(3000));
  assert.equal(reassemble(lines, 'result', 'big'), JSON.stringify(envelope));
});

test('drop_hierarchy_frame leaves the snapshot frame set incomplete', async () => {
  const h = createHarness();
  h.ui.launch('com.android.settings');
  h.faults.set('drop_hierarchy_frame');
  const lines = (await h.send(payload('h1', [{ id: 'n', type: 'snapshot_ui' }]))).map((e) => e.message);
  const frames = lines.filter((l) => l.startsWith('[svc-Frame] hierarchy h1/n '));
  const total = Number(/ \d+\/(\d+) /.exec(frames[0]!)![1]);
  assert.equal(frames.length, total - 1);
  assert.equal(reassemble(lines, 'hierarchy', 'h1/n'), undefined);
  assert.equal(findEnvelope(lines, 'h1')!.stepResults[0]!.success, true);
});

test('disconnect_mid_execution asks the wire to drop its transports once, after the first step', async () => {
  const h = createHarness();
  h.faults.set('disconnect_mid_execution');
  const entries = await h.send(payload('x1', [...SLEEP, { id: 's2', type: 'sleep', params: { durationMs: 0 } }]));
  assert.equal(h.disconnects, 1);
  assert.equal(resultLines(entries).length, 1);
  await h.send(payload('x2'));
  assert.equal(h.disconnects, 1);
});
