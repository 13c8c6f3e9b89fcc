// Fault matrix, device-output half: each simulator fault on the result channel, driven through the real server,
// real adb and a simulated device. Each case asserts the documented code, exactly one terminal answer (one HTTP
// response and exactly one svc:result on the SSE stream, even when a late envelope shows up), the lock released
// (the next execution succeeds once settled) and nothing leaked (device streams, lock files, processes, fds).
// executions-errors.test.ts checks the codes through runExecution; this suite adds the exactly-once and cleanup view.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertRecovered, type FaultBench, openFaultBench } from './fault-bench.ts';
import { sleeps, waitFor } from './reliability-helpers.ts';
import { postJson } from './server-helpers.ts';

let bench: FaultBench;
const sim = () => bench.env.lab.devices[0]!;

before(async () => {
  bench = await openFaultBench();
});
after(() => bench.close());

/** Runs one execution and checks the invariants every fault must keep. */
async function runOnce(execution: ReturnType<typeof sleeps> | Record<string, unknown>, expected: number) {
  const response = await bench.execute(execution);
  assert.equal(response.status, expected, JSON.stringify(response.body));
  const commandId = execution.commandId as string;
  await waitFor('its svc:result', () => bench.events.resultsFor(commandId).length > 0);
  return { response, commandId };
}

describe('fault matrix on the result channel (server + real adb + simulator)', () => {
  it('a dropped envelope answers 504 RESULT_ENVELOPE_TIMEOUT once, settles the lock, then recovers', async () => {
    sim().faults.set('drop_next_envelope');
    const { response, commandId } = await runOnce(sleeps([0], { timeoutMs: 1000 }), 504);
    assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_TIMEOUT');
    const results = bench.events.resultsFor(commandId);
    assert.equal(results.length, 1);
    assert.equal(results[0]?.envelope.errorCode, 'RESULT_ENVELOPE_TIMEOUT');
    // Settling (SPEC 3.1): the very next execution is refused, then the lock frees itself.
    const early = await bench.execute(sleeps([0]));
    assert.equal(early.status, 423);
    await assertRecovered(bench);
  });

  it('a malformed envelope answers RESULT_ENVELOPE_MALFORMED once and frees the lock at once', async () => {
    sim().faults.set('malformed_envelope');
    const { response, commandId } = await runOnce(sleeps([0]), 500);
    assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_MALFORMED');
    assert.equal(bench.events.resultsFor(commandId).length, 1);
    const next = await bench.execute(sleeps([0]));
    assert.equal(next.status, 200, 'no settle window after a malformed envelope');
    await assertRecovered(bench);
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
    await assertRecovered(bench);
    await sleep(200);
    assert.equal(bench.events.resultsFor(commandId).length, 1, 'the late envelope produced no second result');
  });

  it('an envelope of another commandId written first is skipped; ours arrives once', async () => {
    sim().faults.set('foreign_envelope_first');
    const { response, commandId } = await runOnce(sleeps([0]), 200);
    assert.equal((response.body.envelope as { commandId: string }).commandId, commandId);
    assert.equal(bench.events.resultsFor(commandId).length, 1);
    assert.equal(bench.events.resultsFor(`${commandId}-other`).length, 0);
    await assertRecovered(bench);
  });

  it('duplicated chunk lines of a large envelope still give one result, and its snapshot one hierarchy', async () => {
    sim().faults.set('duplicate_frames');
    try {
      // A long taskId and long step ids push the envelope over the operator's 3000-byte line, so it travels as
      // `[svc-Result-Chunk]` lines (ResultEnvelopeTransport.kt of the app's later builds; packages/sim/src/operator/
      // envelope.ts), each written twice by the fault.
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
      const marker = '[svc-Result-Chunk] ';
      const chunks = sim()
        .device.log.entries()
        .filter((e) => e.message.startsWith(marker))
        .map((e) => JSON.parse(e.message.slice(marker.length)) as { commandId: string; index: number; count: number })
        .filter((chunk) => chunk.commandId === commandId);
      const count = chunks[0]?.count ?? 0;
      assert.ok(count >= 2, 'the envelope was chunked');
      assert.deepEqual(
        chunks.map((chunk) => chunk.index),
        Array.from({ length: count }, (_, i) => [i, i]).flat(),
        'every chunk line was written twice',
      );
      assert.equal(bench.events.resultsFor(commandId).length, 1);
    } finally {
      sim().faults.clear('duplicate_frames');
    }
    await assertRecovered(bench);
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
    assert.equal(bench.events.resultsFor(commandId).length, 1);
    const again = await postJson(bench.env.url, '/snapshot', {});
    assert.equal(again.status, 200);
    await assertRecovered(bench);
  });
});
