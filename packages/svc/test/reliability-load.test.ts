// A small load run as a correctness test (bench/load.ts is the long one, with the numbers): 200 executions over 4
// simulated devices through the real server and real adb, two workers per device so the in-flight lock is contended.
// Nothing is lost or duplicated, SSE delivers exactly one svc:result per execution, and open handles end where they
// started, with no per-execution bookkeeping left in the server. No timing assertions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runLoad } from '../../../bench/load.ts';

test('200 executions over 4 devices: every one answered once, one svc:result each, handles flat', async () => {
  const report = await runLoad({ executions: 200, devices: 4, workersPerDevice: 2, samples: 4 });
  assert.deepEqual(report.otherFailures, []);
  assert.equal(report.succeeded, 200);
  assert.equal(report.lost, 0);
  assert.equal(report.duplicatedResponses, 0);
  assert.equal(report.sseResults, 200);
  assert.equal(report.sseMissing, 0);
  assert.equal(report.sseDuplicated, 0);
  assert.equal(report.sseForeign, 0);
  // One svc:execution per attempt, refused (423) attempts included.
  assert.ok(report.sseExecutionEvents >= 200 + report.conflictsRetried);
  // The lock was really contended, so exclusion was exercised, not just sequential runs.
  assert.ok(report.conflictsRetried > 0);
  // Handles: the warm-up already opened every pooled connection and device transport, so the end is not above the
  // start beyond a few sockets in transit.
  assert.ok(report.end.fds <= report.start.fds + 6, JSON.stringify([report.start, report.end]));
  assert.ok(report.end.activeResources <= report.start.activeResources + 6, JSON.stringify([report.start, report.end]));
  // Per-execution bookkeeping is gone once every answer is in: nothing counted in flight, only the bench's own SSE
  // subscriber, no lock file left behind.
  assert.deepEqual(report.leftover, { inFlight: 0, sseSubscribers: 1, lockFiles: 0 });
});
