// How long a wait for a node that never appears takes, against its own timeout: a 2000 ms `wait_for_node` must end
// within 2.2 s (its timeout bounds the whole retry loop, as in the published operator app), on the operator driver
// (svc's own operator and the published Clawperator operator, both simulated) and on the adb driver (a stock phone).
// Wall time of the whole execution in-process (validate, resolve, dispatch, result), and of `svc wait` spawned, which
// adds Node's start-up. The tests prove the bound through the clock port; this measures it on the wire.
// Prints JSON, then a short table. Usage: npx node bench/wait-bound.ts [--runs N] [--cli-runs N]
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { BIN, benchRuns, ensureBundle, round, spawnNode } from './lib/measure.ts';
import { runExecution } from './lib/run-execution.ts';

const WAIT_MS = 2000;
const GOAL_MS = 2200;
const { runs, cliRuns } = benchRuns({ runs: 5, cliRuns: 3 }, { runs: 1, cliRuns: 1 });
const cliMode = ensureBundle();

const waitForNope = (id: number) => ({
  commandId: `bench-wait-${process.pid}-${id}`,
  taskId: 'bench',
  source: 'bench',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 10_000,
  actions: [{ id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs: WAIT_MS } }],
});

interface Stats {
  minMs: number;
  medianMs: number;
  maxMs: number;
}
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    minMs: round(sorted[0] ?? Number.NaN),
    medianMs: round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  };
}

async function timed(once: () => Promise<void>, count: number): Promise<Stats> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

const lab = await createLab({
  devices: [{}, { operator: { variant: 'clawperator' } }, { operator: false }],
});
const cases = [
  { name: 'operator (svc)', serial: lab.devices[0]!.serial, driver: 'operator' },
  { name: 'operator (clawperator)', serial: lab.devices[1]!.serial, driver: 'operator' },
  { name: 'adb (stock phone)', serial: lab.devices[2]!.serial, driver: 'adb' },
];
try {
  const env = { ...process.env, ...lab.env };
  const ctx = createContext({ env });
  let id = 0;
  const rows: { name: string; inProcess: Stats; cli: Stats; code: string }[] = [];
  for (const c of cases) {
    let code = '';
    // One untimed call first: the first contact with a device (its driver, operator variant and screen size) is
    // start-up, not the wait.
    await runExecution(ctx, { execution: waitForNope(id++), deviceId: c.serial, driver: c.driver });
    const inProcess = await timed(async () => {
      const result = await runExecution(ctx, { execution: waitForNope(id++), deviceId: c.serial, driver: c.driver });
      if (!result.ok) throw new Error(`${c.name}: ${JSON.stringify(result.error)}`);
      if (result.succeeded !== false) throw new Error(`${c.name}: a wait for a missing node succeeded`);
      code = result.failedCode ?? '';
    }, runs);
    const cli = await timed(async () => {
      const args = [BIN, 'wait', '--text', 'Nope', '--timeout', String(WAIT_MS), '--device', c.serial];
      await spawnNode([...args, '--driver', c.driver, '--no-daemon'], env).catch(() => undefined);
    }, cliRuns);
    rows.push({ name: c.name, inProcess, cli, code });
  }
  await ctx.close();
  const result = {
    bench: 'wait-bound',
    node: process.version,
    cli: cliMode,
    waitMs: WAIT_MS,
    goalMs: GOAL_MS,
    runs,
    cliRuns,
    cases: rows,
    withinGoal: rows.every((row) => row.inProcess.maxMs <= GOAL_MS),
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(`\nwait_for_node timeoutMs ${WAIT_MS} for a missing node; goal: the execution ends within ${GOAL_MS} ms`);
  console.log(
    `${'driver'.padEnd(24)}${'in-process min/med/max ms'.padEnd(30)}${'svc wait (CLI) median'.padEnd(24)}code`,
  );
  for (const row of rows) {
    const inside = `${row.inProcess.minMs} / ${row.inProcess.medianMs} / ${row.inProcess.maxMs}`;
    const mark = row.inProcess.maxMs <= GOAL_MS ? 'ok' : 'OVER';
    console.log(
      `${row.name.padEnd(24)}${`${inside} ${mark}`.padEnd(30)} ${String(row.cli.medianMs).padEnd(23)} ${row.code}`,
    );
  }
} finally {
  await lab.close();
}
