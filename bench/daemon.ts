// Wall time of a CLI call through the daemon (SPEC 4.7) next to the same call direct (--no-daemon) and the floors,
// in one run against one simulated device through real adb:
// - adb floor: `shell true` through the adb server socket (one device round trip, no svc code);
// - node start-up: `node -e 0` spawned (what every CLI call pays before svc runs);
// - device time: the same execution through a warm in-process context (what the daemon itself spends);
// - proxy in-process: the proxy's own path (GET /version + POST /execute on the Unix socket) called from this process;
// - CLI load: `svc snapshot --dry-run` spawned (node start-up + loading and parsing the CLI, no device);
// - raw client: lib/raw-daemon-client.cjs spawned, a plain Node script that only POSTs the execution to the daemon
//   socket (no svc code): the floor of any Node CLI proxying over this socket;
// - `svc exec <sleep 0>` and `svc snapshot`, spawned from bin/svc.js, through the daemon and direct.
// Target (issue 7): through the daemon, a call costs at most node start-up + 10 ms beyond the device time.
// Prints JSON, then a short table. Usage: npx node bench/daemon.ts [--runs N] [--cli-runs N]
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { normalizeAndValidateExecution } from '../packages/svc/src/contracts/validate.ts';
import { daemonPaths } from '../packages/svc/src/daemons/paths.ts';
import { proxyExecution } from '../packages/svc/src/submit/daemon-proxy.ts';
import { resolveTarget } from '../packages/svc/src/submit/target.ts';
import { measureBaseline } from './lib/baseline.ts';
import {
  BIN,
  benchRuns,
  ensureBundle,
  floorScript,
  measure,
  round,
  sleepPayload,
  snapshotPayload,
  spawnNode,
} from './lib/measure.ts';

const { runs, cliRuns } = benchRuns({ runs: 40, cliRuns: 21 }, { runs: 5, cliRuns: 3 });
const cliMode = ensureBundle();
const RAW_CLIENT = floorScript('raw-daemon-client.cjs');

const lab = await createLab({ devices: [{}] });
const env = { ...process.env, ...lab.env, SVC_NO_DAEMON: undefined } as NodeJS.ProcessEnv;
try {
  const { serial, adbFloorMs, nodeStartupMs, deviceExecMs, deviceSnapshotMs } = await measureBaseline(
    lab,
    env,
    { runs, cliRuns },
    'bench-daemon',
  );
  const cli = (args: string[]) => async () => {
    const out = JSON.parse(await spawnNode([BIN, ...args], env)) as { ok?: boolean };
    if (out.ok !== true) throw new Error(`svc ${args.join(' ')} failed: ${JSON.stringify(out)}`);
  };
  const execArgs = () => ['exec', JSON.stringify(sleepPayload('bench-daemon'))];
  const cliLoadMs = await measure(cliRuns, () => spawnNode([BIN, 'snapshot', '--dry-run'], env));
  const viaProxy = (payload: () => unknown) => async () => {
    const validated = normalizeAndValidateExecution(payload());
    if (!validated.ok) throw validated.error;
    const outcome = await proxyExecution({
      execution: validated.execution,
      target: resolveTarget({ deviceId: serial }, env),
      cwd: process.cwd(),
      verbose: false,
      env,
      home: lab.home,
    });
    if (outcome.kind !== 'result' || !outcome.result.ok) throw new Error(`proxy: ${JSON.stringify(outcome)}`);
  };
  const proxyExecMs = await measure(runs, viaProxy(sleepPayload));
  const proxySnapshotMs = await measure(runs, viaProxy(snapshotPayload));
  const daemonExecMs = await measure(cliRuns, () => cli(execArgs())());
  const socket = daemonPaths(lab.home, serial).socket;
  const rawClientExecMs = await measure(cliRuns, async () => {
    const out = JSON.parse(await spawnNode([RAW_CLIENT, JSON.stringify(sleepPayload('bench-raw')), socket], env));
    if (out.ok !== true) throw new Error(`raw client: ${JSON.stringify(out)}`);
  });
  const daemonSnapshotMs = await measure(cliRuns, cli(['snapshot']));
  const directExecMs = await measure(cliRuns, () => cli([...execArgs(), '--no-daemon'])());
  const directSnapshotMs = await measure(cliRuns, cli(['snapshot', '--no-daemon']));
  await cli(['daemon', 'stop'])().catch(() => {});
  const result = {
    bench: 'daemon',
    node: process.version,
    /** What bin/svc.js ran: the bundle (dist/, as after npm ci) or the TypeScript sources. */
    cli: cliMode,
    device: serial,
    medianMs: {
      adbFloor: adbFloorMs,
      nodeStartup: nodeStartupMs,
      deviceExec: deviceExecMs,
      deviceSnapshot: deviceSnapshotMs,
      proxyInProcessExec: proxyExecMs,
      proxyInProcessSnapshot: proxySnapshotMs,
      cliLoad: cliLoadMs,
      rawClientExec: rawClientExecMs,
      daemonExec: daemonExecMs,
      directExec: directExecMs,
      daemonSnapshot: daemonSnapshotMs,
      directSnapshot: directSnapshotMs,
    },
    /** Target ≤ 10: what a call through the daemon costs beyond node start-up and the device time. */
    daemonOverheadMs: {
      exec: round(daemonExecMs - nodeStartupMs - deviceExecMs),
      snapshot: round(daemonSnapshotMs - nodeStartupMs - deviceSnapshotMs),
    },
    /** What svc's CLI adds to the raw client (a Node script that only POSTs to the socket): its own start-up. */
    overRawClientMs: { exec: round(daemonExecMs - rawClientExecMs) },
    /** The proxy's own cost (socket round trips and version check), measured without process start-up. */
    proxyCostMs: { exec: round(proxyExecMs - deviceExecMs), snapshot: round(proxySnapshotMs - deviceSnapshotMs) },
    savedByDaemonMs: { exec: round(directExecMs - daemonExecMs), snapshot: round(directSnapshotMs - daemonSnapshotMs) },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  for (const [name, ms] of Object.entries(result.medianMs)) {
    process.stdout.write(`${name.padEnd(24)} ${`${ms.toFixed(2)} ms`.padStart(11)}\n`);
  }
  for (const [name, ms] of Object.entries(result.proxyCostMs)) {
    process.stdout.write(`${`proxy cost ${name}`.padEnd(24)} ${`${ms.toFixed(2)} ms`.padStart(11)}\n`);
  }
  process.stdout.write(
    `${'svc over raw client exec'.padEnd(24)} ${`${result.overRawClientMs.exec.toFixed(2)} ms`.padStart(11)}\n`,
  );
  for (const [name, ms] of Object.entries(result.daemonOverheadMs)) {
    process.stdout.write(`${`overhead ${name}`.padEnd(24)} ${`${ms.toFixed(2)} ms`.padStart(11)}  (target ≤ 10)\n`);
  }
} finally {
  await lab.close();
}
