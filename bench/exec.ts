// Wall time of one execution against a simulated device through real adb, next to the adb floor of the same run:
// - adb floor: `shell true` through the adb server socket (one round trip, no svc code);
// - node start-up: `node -e 0` spawned (what every CLI call pays before svc runs);
// - runExecution in-process: cold (new context per call, like one CLI run) and warm (one context, daemon-like);
// - spawned CLI: `svc exec <one sleep 0 action>` and `svc snapshot`.
// Prints JSON, then a short table. Usage: npx node bench/exec.ts [--runs N] [--cli-runs N]
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { measureBaseline } from './lib/baseline.ts';
import {
  BIN,
  benchRuns,
  ensureBundle,
  floorScript,
  measure,
  mustSucceed,
  round,
  sleepPayload,
  spawnNode,
} from './lib/measure.ts';
import { runExecution } from './lib/run-execution.ts';

const { runs, cliRuns } = benchRuns({ runs: 40, cliRuns: 15 }, { runs: 5, cliRuns: 3 });
const cliMode = ensureBundle();
const RAW_ADB_CLIENT = floorScript('raw-adb-client.cjs');

const lab = await createLab({ devices: [{}] });
try {
  const env = { ...process.env, ...lab.env };
  const baseline = await measureBaseline(lab, env, { runs, cliRuns });
  const { serial, adbFloorMs, nodeStartupMs } = baseline;
  const warmExecMs = baseline.deviceExecMs;
  const warmSnapshotMs = baseline.deviceSnapshotMs;
  const coldExecMs = await measure(runs, async () => {
    const ctx = createContext({ env });
    await mustSucceed(runExecution(ctx, { execution: sleepPayload() }));
    await ctx.close();
  });
  const cli = (args: string[]) => async () => {
    const out = JSON.parse(await spawnNode([BIN, ...args, '--no-daemon'], env)) as { ok?: boolean };
    if (out.ok !== true) throw new Error(`svc ${args[0]} failed: ${JSON.stringify(out)}`);
  };
  // The floor of any direct call: one adb round trip from a fresh Node process, without svc.
  const rawAdbClientMs = await measure(cliRuns, () => spawnNode([RAW_ADB_CLIENT, String(lab.adbPort), serial], env));
  const cliExecMs = await measure(cliRuns, cli(['exec', JSON.stringify(sleepPayload())]));
  const cliSnapshotMs = await measure(cliRuns, cli(['snapshot']));
  const result = {
    bench: 'exec',
    node: process.version,
    /** What bin/svc.js ran: the bundle (dist/, as after npm ci) or the TypeScript sources. */
    cli: cliMode,
    device: serial,
    medianMs: {
      adbFloor: adbFloorMs,
      nodeStartup: nodeStartupMs,
      runExecutionWarm: warmExecMs,
      runExecutionWarmSnapshot: warmSnapshotMs,
      runExecutionCold: coldExecMs,
      rawAdbClient: rawAdbClientMs,
      cliExec: cliExecMs,
      cliSnapshot: cliSnapshotMs,
    },
    /** Target: (cliExec − nodeStartup) under 3 × adbFloor + the device's own time. */
    cliExecOverNodeStartupInAdbFloors: round((cliExecMs - nodeStartupMs) / adbFloorMs),
    coldExecInAdbFloors: round(coldExecMs / adbFloorMs),
    /** One adb round trip from a fresh Node process, beyond Node's start-up, in adb floors (the target allows 3). */
    rawAdbClientOverNodeStartupInAdbFloors: round((rawAdbClientMs - nodeStartupMs) / adbFloorMs),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  for (const [name, ms] of Object.entries(result.medianMs)) {
    process.stdout.write(`${name.padEnd(26)} ${`${ms.toFixed(2)} ms`.padStart(11)}\n`);
  }
} finally {
  await lab.close();
}
