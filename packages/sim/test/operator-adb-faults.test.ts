// Each run-time fault of issue 3, seen through the real adb binary the way the host would see it.
import assert from 'node:assert/strict';
import { after, before, beforeEach, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { eventually } from './helpers.ts';
import { execute, outcomes, run } from './operator-adb-helpers.ts';

let lab: Lab;
let sim: SimDevice;

before(async () => {
  lab = await createLab({ devices: [{}] });
  sim = lab.devices[0]!;
});
after(() => lab?.close());
beforeEach(() => sim.faults.clear());

const SLEEP = [{ id: 's', type: 'sleep', params: { durationMs: 0 } }];

test('drop_next_envelope: no envelope for that command, the next one is normal', async () => {
  sim.faults.set('drop_next_envelope');
  const dropped = await execute(lab, sim, SLEEP, { waitMs: 800 });
  assert.equal(dropped.envelope, undefined);
  assert.equal((await run(lab, sim, SLEEP)).envelope.status, 'success');
});

test('malformed_envelope: the result line of the command is not JSON', async () => {
  sim.faults.set('malformed_envelope');
  const r = await execute(lab, sim, SLEEP, { waitMs: 800 });
  assert.equal(r.envelope, undefined);
  const line = r.lines.find((l) => l.startsWith('[svc-Result]') && l.includes(r.commandId))!;
  assert.throws(() => JSON.parse(line.slice('[svc-Result] '.length)));
});

test('delay_envelope: the envelope comes after the delay', async () => {
  sim.faults.set('delay_envelope', 400);
  const started = Date.now();
  const r = await run(lab, sim, SLEEP);
  assert.equal(r.envelope.status, 'success');
  assert.ok(Date.now() - started >= 400);
});

test('foreign_envelope_first: an envelope of another commandId precedes the real one', async () => {
  sim.faults.set('foreign_envelope_first');
  const r = await run(lab, sim, SLEEP);
  const results = r.lines.filter((l) => l.startsWith('[svc-Result]'));
  const mine = results.findIndex((l) => l.includes(`"commandId":"${r.commandId}"`));
  assert.ok(mine > 0);
  assert.ok(results[mine - 1]!.includes(`"commandId":"${r.commandId}-other"`));
});

test('drop_hierarchy_frame leaves the hierarchy block the host sees without its end', async () => {
  sim.faults.set('drop_hierarchy_frame');
  const dropped = await run(lab, sim, [{ id: 'n', type: 'snapshot_ui' }]);
  assert.equal(dropped.hierarchy('n'), undefined);
  assert.deepEqual(outcomes(dropped.envelope), ['ok']);
});

test('delay_on_screen_log_ack past 2000 ms: ON_SCREEN_LOG_RENDER_TIMEOUT', async () => {
  sim.faults.set('delay_on_screen_log_ack', 2500);
  const r = await run(lab, sim, [{ id: 'l', type: 'set_on_screen_log', params: { text: 'x' } }]);
  assert.deepEqual(outcomes(r.envelope), ['ON_SCREEN_LOG_RENDER_TIMEOUT']);
});

test('slow_shell: commands still complete, later', async () => {
  sim.faults.set('slow_shell', 300);
  const started = Date.now();
  const r = await run(lab, sim, SLEEP);
  assert.equal(r.envelope.status, 'success');
  assert.ok(Date.now() - started >= 300);
});

test('slow_broadcast_okay: the broadcast runs at once, adb answers it after the hold, the next one is not held', async () => {
  // adbd starts a service before it answers the OPEN (AOSP packages/modules/adb/adb.cpp, handle_packet, A_OPEN).
  sim.faults.set('slow_broadcast_okay', 1500);
  let resultAt: number | undefined;
  const stop = sim.device.log.subscribe((entry) => {
    if (entry.message.startsWith('[svc-Result]')) resultAt ??= Date.now();
  });
  try {
    const started = Date.now();
    const r = await run(lab, sim, SLEEP);
    assert.equal(r.envelope.status, 'success');
    assert.ok(resultAt !== undefined && resultAt - started < 1500, 'the operator ran before adb answered');
    assert.ok(Date.now() - started >= 1500, 'adb answered the broadcast after the hold');
    assert.equal(sim.faults.get('slow_broadcast_okay'), undefined);
  } finally {
    stop();
  }
});

test('disconnect_mid_execution: the transport drops mid-way, adb reconnects, the envelope is in the log', async () => {
  // A streaming `adb logcat` only ends when the transport under it drops.
  const streaming = lab.adb('-s', sim.serial, 'logcat', '-v', 'raw');
  await eventually(() => sim.activeCommands > 0, 'streaming logcat on the device');
  sim.faults.set('disconnect_mid_execution');
  const pending = execute(lab, sim, [{ id: 's1', type: 'sleep', params: { durationMs: 100 } }, ...SLEEP]);
  const ended = await Promise.race([streaming.then(() => true), sleep(15000).then(() => false)]);
  assert.ok(ended, 'the streaming logcat ended because the transport dropped');
  await lab.waitForState(sim.serial, 'device');
  const r = await pending;
  assert.equal(r.envelope?.status, 'success');
  assert.equal(sim.faults.get('disconnect_mid_execution'), undefined);
});
