// The simulator's run-time faults on the operator's output (the app's own wire: one result line, chunk lines on the
// svc variant, the UI hierarchy block).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appHarness } from '../operator/harness.test-helper.ts';

const SLEEP = [{ id: 's', type: 'sleep', params: { durationMs: 0 } }];

function payload(commandId: string, actions: unknown[] = SLEEP) {
  return JSON.stringify({ commandId, taskId: 't', source: 's', timeoutMs: 10000, actions });
}

const MARKER = '[svc-Result] ';
const resultLines = (entries: { message: string }[]) =>
  entries.map((e) => e.message).filter((l) => l.startsWith(MARKER));

test('drop_next_envelope swallows one result line only', async () => {
  const h = appHarness({ variant: 'svc' });
  h.faults.set('drop_next_envelope');
  assert.deepEqual(resultLines(await h.send(payload('d1'))), []);
  assert.equal(resultLines(await h.send(payload('d2'))).length, 1);
});

test('malformed_envelope writes a result line that is not valid JSON but names the command', async () => {
  const h = appHarness({ variant: 'svc' });
  h.faults.set('malformed_envelope');
  const lines = resultLines(await h.send(payload('m1')));
  assert.equal(lines.length, 1);
  assert.throws(() => JSON.parse(lines[0]!.slice(MARKER.length)));
  assert.match(lines[0]!, /"commandId":"m1"/);
});

test('delay_envelope holds the result line back for the given time (on the device clock)', async () => {
  const h = appHarness({ variant: 'svc' });
  h.faults.set('delay_envelope', 200);
  const out = await h.run(SLEEP);
  assert.equal(out.envelope?.status, 'success');
  assert.equal(out.elapsedMs, 200);
});

test('foreign_envelope_first writes a result of another commandId before the real one', async () => {
  const h = appHarness({ variant: 'svc' });
  h.faults.set('foreign_envelope_first');
  const lines = resultLines(await h.send(payload('f1')));
  assert.deepEqual(
    lines.map((l) => JSON.parse(l.slice(MARKER.length)).commandId),
    ['f1-other', 'f1'],
  );
});

test('duplicate_frames writes each chunk line twice and the hierarchy block once (logd never repeats a record)', async () => {
  const h = appHarness({ variant: 'svc' });
  h.ui.launch('com.svc.login');
  // Six steps echoing 512 typed chars: a result over 3000 bytes, so it travels as chunk lines.
  const actions = [
    ...[1, 2, 3, 4, 5, 6].map((i) => ({
      id: `u${i}`,
      type: 'enter_text',
      params: { matcher: { resourceId: 'com.svc.login:id/username' }, text: 'x'.repeat(512) },
    })),
    { id: 'n', type: 'snapshot_ui' },
  ];
  h.faults.set('duplicate_frames');
  const messages = (await h.send(payload('big', actions))).map((e) => e.message);
  const chunks = messages.filter((m) => m.startsWith('[svc-Result-Chunk] '));
  assert.ok(chunks.length >= 4);
  assert.equal(chunks[0], chunks[1]);
  const markers = messages.filter((m) => m.startsWith('[TaskScope] UI Hierarchy:'));
  assert.equal(markers.length, 1);
});

test('drop_hierarchy_frame leaves the hierarchy block incomplete; the step still succeeds', async () => {
  const h = appHarness({ variant: 'svc' });
  h.ui.launch('com.android.settings');
  h.faults.set('drop_hierarchy_frame');
  const out = await h.run([{ id: 'n', type: 'snapshot_ui' }]);
  assert.ok(out.messages.includes('[TaskScope] UI Hierarchy:'));
  assert.ok(!out.messages.includes('</hierarchy>'), 'the last record (</hierarchy>) is left out');
  assert.equal(out.envelope?.stepResults[0]?.success, true);
});

test('disconnect_mid_execution asks the wire to drop its transports once, after the first step', async () => {
  const h = appHarness({ variant: 'svc' });
  h.faults.set('disconnect_mid_execution');
  const entries = await h.send(payload('x1', [...SLEEP, { id: 's2', type: 'sleep', params: { durationMs: 0 } }]));
  assert.equal(h.disconnects, 1);
  assert.equal(resultLines(entries).length, 1);
  await h.send(payload('x2'));
  assert.equal(h.disconnects, 1);
});
