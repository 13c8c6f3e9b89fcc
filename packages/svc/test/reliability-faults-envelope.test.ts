// Fault matrix, device-output half: each simulator fault on the result channel, driven through the real server,
// real adb and a simulated device. Each case asserts the documented code, exactly one terminal answer (one HTTP
// response and exactly one svc:result on the SSE stream, even when a late envelope shows up), the lock released
// (the next execution succeeds once settled) and nothing leaked (device streams, lock files, processes, fds).
// executions-errors.test.ts checks the codes through runExecution; this suite adds the exactly-once and cleanup view.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  assertNoLeaks,
  type EventRecorder,
  type LeakSnapshot,
  leakSnapshot,
  recordEvents,
  sleeps,
  waitFor,
} from './reliability-helpers.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

let env: LabServer;
let events: EventRecorder;
let baseline: LeakSnapshot;
const sim = () => env.lab.devices[0]!;

before(async () => {
  env = await startLabServer([{}]);
  events = await recordEvents(env.url);
  // Warm-up, so pooled sockets are part of the baseline.
  assert.equal((await postJson(env.url, '/execute', { execution: sleeps([0]) })).status, 200);
  baseline = leakSnapshot(env.lab);
});
after(async () => {
  events.close();
  await env.close();
});

/** Runs one execution and checks the invariants every fault must keep. */
async function runOnce(execution: ReturnType<typeof sleeps> | Record<string, unknown>, expected: number) {
  const response = await postJson(env.url, '/execute', { execution });
  assert.equal(response.status, expected, JSON.stringify(response.body));
  const commandId = execution.commandId as string;
  await waitFor('its svc:result', () => events.resultsFor(commandId).length > 0);
  return { response, commandId };
}

/** The lock is free again (after the settle window if any), a normal execution succeeds, nothing leaked. */
async function assertRecovered(): Promise<void> {
  let next = await postJson(env.url, '/execute', { execution: sleeps([0]) });
  for (let i = 0; next.status === 423 && i < 40; i++) {
    await sleep(100);
    next = await postJson(env.url, '/execute', { execution: sleeps([0]) });
  }
  assert.equal(next.status, 200, JSON.stringify(next.body));
  assert.equal(env.serverApp.inFlight.count, 0);
  await assertNoLeaks(env.lab, baseline);
}

describe('fault matrix on the result channel (server + real adb + simulator)', () => {
  it('a dropped envelope answers 504 RESULT_ENVELOPE_TIMEOUT once, settles the lock, then recovers', async () => {
    sim().faults.set('drop_next_envelope');
    const { response, commandId } = await runOnce(sleeps([0], { timeoutMs: 1000 }), 504);
    assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_TIMEOUT');
    const results = events.resultsFor(commandId);
    assert.equal(results.length, 1);
    assert.equal(results[0]?.envelope.errorCode, 'RESULT_ENVELOPE_TIMEOUT');
    // Settling (SPEC 3.1): the very next execution is refused, then the lock frees itself.
    const early = await postJson(env.url, '/execute', { execution: sleeps([0]) });
    assert.equal(early.status, 423);
    await assertRecovered();
  });

  it('a malformed envelope answers RESULT_ENVELOPE_MALFORMED once and frees the lock at once', async () => {
    sim().faults.set('malformed_envelope');
    const { response, commandId } = await runOnce(sleeps([0]), 500);
    assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_MALFORMED');
    assert.equal(events.resultsFor(commandId).length, 1);
    const next = await postJson(env.url, '/execute', { execution: sleeps([0]) });
    assert.equal(next.status, 200, 'no settle window after a malformed envelope');
    await assertRecovered();
  });

  it('an envelope delayed past the timeout gives one RESULT_ENVELOPE_TIMEOUT; the late envelope is ignored', async () => {
    sim().faults.set('delay_envelope', 7000); // host waits timeoutMs 1000 + 5000 margin
    const execution = sleeps([0], { timeoutMs: 1000 });
    const { response, commandId } = await runOnce(execution, 504);
    sim().faults.clear('delay_envelope');
    assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_TIMEOUT');
    await waitFor('the late envelope on the device', () =>
      sim()
        .device.log.entries()
        .some((e) => e.message.startsWith('[svc-Result] ') && e.message.includes(`"${commandId}"`)),
    );
    await assertRecovered();
    await sleep(200);
    assert.equal(events.resultsFor(commandId).length, 1, 'the late envelope produced no second result');
  });

  it('an envelope of another commandId written first is skipped; ours arrives once', async () => {
    sim().faults.set('foreign_envelope_first');
    const { response, commandId } = await runOnce(sleeps([0]), 200);
    assert.equal((response.body.envelope as { commandId: string }).commandId, commandId);
    assert.equal(events.resultsFor(commandId).length, 1);
    assert.equal(events.resultsFor(`${commandId}-other`).length, 0);
    await assertRecovered();
  });

  it('duplicated frames of a large envelope and of a snapshot still give one result with one hierarchy', async () => {
    sim().faults.set('duplicate_frames');
    try {
      // A long taskId pushes the envelope over the inline limit, so it travels as result frames too.
      const execution = {
        ...sleeps([]),
        taskId: 'x'.repeat(120),
        actions: [
          { id: 'snap', type: 'snapshot_ui' },
          ...Array.from({ length: 40 }, (_, i) => ({
            id: `s${i}-${'p'.repeat(100)}`,
            type: 'sleep',
            params: { durationMs: 0 },
          })),
        ],
      };
      const { response, commandId } = await runOnce(execution, 200);
      const steps = (response.body.envelope as { stepResults: { data: Record<string, string> }[] }).stepResults;
      assert.equal(steps.length, 41);
      assert.equal(steps[0]?.data.text?.match(/<hierarchy/g)?.length, 1);
      assert.ok(
        sim()
          .device.log.entries()
          .some((e) => e.message.startsWith(`[svc-Frame] result ${commandId} `)),
        'the envelope was framed',
      );
      assert.equal(events.resultsFor(commandId).length, 1);
    } finally {
      sim().faults.clear('duplicate_frames');
    }
    await assertRecovered();
  });

  it('a missing hierarchy frame fails only that snapshot step, once, and the next snapshot works', async () => {
    sim().faults.set('drop_hierarchy_frame');
    const execution = { ...sleeps([0]), actions: [{ id: 'snap', type: 'snapshot_ui' }, sleeps([0]).actions[0]] };
    const { response, commandId } = await runOnce(execution, 200);
    const steps = (response.body.envelope as { stepResults: { success: boolean; data: Record<string, string> }[] })
      .stepResults;
    assert.deepEqual(
      steps.map((s) => [s.success, s.data.error ?? null]),
      [
        [false, 'SNAPSHOT_EXTRACTION_FAILED'],
        [true, null],
      ],
    );
    assert.equal(events.resultsFor(commandId).length, 1);
    const again = await postJson(env.url, '/snapshot', {});
    assert.equal(again.status, 200);
    await assertRecovered();
  });
});
