// Soak under faults (issue 36): 4 clients (2 through `svc serve`'s HTTP app, 2 through a `svc daemon run` process)
// send executions to one simulated phone while a script restarts the adb server, unplugs the phone and takes it
// offline, 8–11 s apart as in the attack run that found results stopping for good. One run per fault, then all of
// them in turn. Counts sent, ok, refused, lost, duplicated, hung (> 60 s) and wrong results (bench/lib/soak-run.ts
// says what each means), and the time to recover after the last fault. Goal: 0 lost after the last fault, recovery
// ≤ 5 s. Prints JSON, then a short table; exit 1 when a goal is missed (--quick: every fault once, in one run, and
// only a wrong, duplicated or hung result, or no recovery, fails it).
// Usage: npx node --conditions=svc-source bench/soak.ts [--faults 6] [--executions 25] [--only adb-restart,...]
// (packages/svc/test/heal-soak.test.ts runs a small one as a correctness test.)
import { parseArgs } from 'node:util';
import { countsFor, QUICK } from './lib/measure.ts';
import { FAULT_KINDS, type FaultKind } from './lib/soak-faults.ts';
import { runSoak, type SoakReport } from './lib/soak-run.ts';

const RECOVERY_GOAL_MS = 5000;

const defaults = countsFor(
  { faults: 6, executions: 25, gapMin: 8000, gapMax: 11_000, tailMs: 10_000 },
  { faults: 3, executions: 4, gapMin: 1500, gapMax: 2500, tailMs: 3000 },
);
const { values } = parseArgs({
  options: {
    faults: { type: 'string', default: String(defaults.faults) },
    executions: { type: 'string', default: String(defaults.executions) },
    only: { type: 'string' },
  },
});
const single = (values.only?.split(',') ?? [...FAULT_KINDS]) as FaultKind[];
// A quick run (a check that the bench works) goes through every fault once, all in one run.
const scenarios: FaultKind[][] =
  QUICK && values.only === undefined
    ? [single]
    : [...single.map((kind) => [kind]), ...(single.length > 1 ? [single] : [])];

const reports: SoakReport[] = [];
for (const faults of scenarios) {
  reports.push(
    await runSoak({
      faults,
      faultCount: Number(values.faults) * (faults.length > 1 && !QUICK ? 2 : 1),
      gapMs: [defaults.gapMin, defaults.gapMax],
      downMs: 1500,
      executionsPerClient: Number(values.executions),
      tailMs: defaults.tailMs,
    }),
  );
}

console.log(JSON.stringify({ bench: 'soak', reports }, null, 2));
const pad = (value: unknown, width: number) => String(value).padStart(width);
console.log(
  `\n${'faults'.padEnd(28)}${pad('sent', 6)}${pad('ok', 6)}${pad('refused', 9)}${pad('lost', 6)}${pad('lostAfter', 11)}` +
    `${pad('dup', 5)}${pad('hung', 6)}${pad('wrong', 7)}${pad('recovery ms', 13)}${pad('first ok ms', 13)}`,
);
for (const r of reports) {
  console.log(
    `${`${r.faults} ×${r.faultsApplied}`.padEnd(28)}${pad(r.sent, 6)}${pad(r.ok, 6)}${pad(r.refused, 9)}${pad(r.lost, 6)}` +
      `${pad(r.lostAfterLastFault, 11)}${pad(r.duplicated, 5)}${pad(r.hung, 6)}${pad(r.wrong, 7)}` +
      `${pad(r.recoveryMs ?? 'never', 13)}${pad(r.firstOkAfterMs ?? 'never', 13)}`,
  );
}
// A quick run checks correctness only: its numbers come from a machine busy with other work.
const missed = reports.filter(
  (r) =>
    r.duplicated > 0 ||
    r.wrong > 0 ||
    r.hung > 0 ||
    r.recoveryMs === undefined ||
    (!QUICK && (r.lostAfterLastFault > 0 || r.recoveryMs > RECOVERY_GOAL_MS)),
);
if (missed.length > 0) process.exitCode = 1;
