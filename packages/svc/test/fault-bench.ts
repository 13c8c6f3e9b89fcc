// The bench both fault-matrix suites (reliability-faults-*.test.ts) run on: a lab server with one simulated device,
// an SSE recorder of every svc:result, and a leak baseline taken after a warm-up execution, so pooled sockets are
// part of the baseline.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  assertNoLeaks,
  type EventRecorder,
  type LeakSnapshot,
  leakSnapshot,
  recordEvents,
  sleeps,
} from './reliability-helpers.ts';
import { type JsonResponse, type LabServer, postJson, startLabServer } from './server-helpers.ts';

export interface FaultBench {
  readonly env: LabServer;
  readonly events: EventRecorder;
  readonly baseline: LeakSnapshot;
  /** POST /execute with this execution. */
  execute(execution: Record<string, unknown>): Promise<JsonResponse>;
  close(): Promise<void>;
}

export async function openFaultBench(): Promise<FaultBench> {
  const env = await startLabServer([{}]);
  const events = await recordEvents(env.url);
  const execute = (execution: Record<string, unknown>) => postJson(env.url, '/execute', { execution });
  assert.equal((await execute(sleeps([0]))).status, 200);
  return {
    env,
    events,
    baseline: leakSnapshot(env.lab),
    execute,
    async close() {
      events.close();
      await env.close();
    },
  };
}

/** The lock is free again (after the settle window if any), a normal execution succeeds, nothing leaked. */
export async function assertRecovered(bench: FaultBench): Promise<void> {
  let next = await bench.execute(sleeps([0]));
  for (let i = 0; next.status === 423 && i < 40; i++) {
    await sleep(100);
    next = await bench.execute(sleeps([0]));
  }
  assert.equal(next.status, 200, JSON.stringify(next.body));
  assert.equal(bench.env.serverApp.inFlight.count, 0);
  await assertNoLeaks(bench.env.lab, bench.baseline);
}
