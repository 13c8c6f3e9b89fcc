// The reference points every wall-time bench measures first, in the same run as its own numbers: the adb floor
// (`shell true` through the adb server socket), Node's start-up (`node -e 0` spawned), and the device's own time
// (one sleep-0 and one snapshot execution through a warm in-process context, as the daemon runs them).
import type { Lab } from '../../packages/sim/src/testing/lab.ts';
import { createContext } from '../../packages/svc/src/core/context.ts';
import { measure, mustSucceed, shellTrue, sleepPayload, snapshotPayload, spawnNode } from './measure.ts';
import { runExecution } from './run-execution.ts';

export interface Baseline {
  serial: string;
  adbFloorMs: number;
  nodeStartupMs: number;
  deviceExecMs: number;
  deviceSnapshotMs: number;
}

export async function measureBaseline(
  lab: Lab,
  env: NodeJS.ProcessEnv,
  counts: { runs: number; cliRuns: number },
  prefix = 'bench',
): Promise<Baseline> {
  const serial = lab.devices[0]?.serial as string;
  const adbFloorMs = await measure(counts.runs * 3, () => shellTrue(lab.adbPort, serial));
  const nodeStartupMs = await measure(counts.cliRuns, () => spawnNode(['-e', '0'], env));
  const warm = createContext({ env, longLived: true });
  try {
    const deviceExecMs = await measure(counts.runs, () =>
      mustSucceed(runExecution(warm, { execution: sleepPayload(prefix) })),
    );
    const deviceSnapshotMs = await measure(counts.runs, () =>
      mustSucceed(runExecution(warm, { execution: snapshotPayload(prefix) })),
    );
    return { serial, adbFloorMs, nodeStartupMs, deviceExecMs, deviceSnapshotMs };
  } finally {
    await warm.close();
  }
}
