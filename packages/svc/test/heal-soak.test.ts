// The soak run under faults as a correctness test (bench/soak.ts is the long one, with the numbers): four clients,
// two through `svc serve`'s HTTP app and two through a real daemon process, keep sending executions to one simulated
// phone while its adb server is restarted, it is unplugged and it goes offline. Afterwards both processes serve
// results again without a restart, and no client ever got another execution's result or had one run twice. No
// timing assertions: how fast they recover is the bench's to say.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSoak } from '../../../bench/lib/soak-run.ts';

test('after adb restarts, unplugs and offline spells, the server and the daemon answer with results again', async () => {
  const report = await runSoak({
    faults: ['adb-restart', 'unplug', 'offline'],
    faultCount: 3,
    gapMs: [1500, 2500],
    downMs: 800,
    executionsPerClient: 4,
    tailMs: 3000,
  });
  const shown = JSON.stringify(report);
  assert.equal(report.faultsApplied, 3, shown);
  // Recovered: from some point after the last fault on, every execution of every client succeeded.
  assert.notEqual(report.recoveryMs, undefined, shown);
  assert.equal(report.byPath.http.ok > 0 && report.byPath.daemon.ok > 0, true, shown);
  assert.equal(report.wrong, 0, shown);
  assert.equal(report.duplicated, 0, shown);
  assert.equal(report.hung, 0, shown);
});
