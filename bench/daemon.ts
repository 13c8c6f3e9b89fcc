// Wall time of a CLI call through the daemon (SPEC 4.7) next to the same call direct (--no-daemon) and the floors,
// in one run against one simulated device through real adb:
// - adb floor: `shell true` through the adb server socket (one device round trip, no svc code);
// - node start-up: `node -e 0` spawned (what every CLI call pays before svc runs);
// - device time: the same execution through a warm in-process context (what the daemon itself spends);
// - proxy in-process: the proxy's own path (GET /version + POST /execute on the Unix socket) called from this process;
// - CLI load: `svc snapshot --dry-run` spawned (node start-up + loading and parsing the CLI, no device);
// - `svc exec <sleep 0>` and `svc snapshot`, spawned from bin/svc.js, through the daemon and direct.
// Target (issue 7): through the daemon, a call costs at most node start-up + 10 ms beyond the device time.
// Prints JSON, then a short table. Usage: npx node bench/daemon.ts [--runs N] [--cli-runs N]
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLab, openDeviceService } from 'svc-sim/testing';
import { createContext } from '../packages/svc/src/app/context.ts';
import { type ProxyRequest, proxyExecution } from '../packages/svc/src/daemon/proxy.ts';
import { runExecution } from '../packages/svc/src/executions/run-execution.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '40' }, 'cli-runs': { type: 'string', default: '21' } },
});
const runs = Number(values.runs);
const cliRuns = Number(values['cli-runs']);
const BIN = fileURLToPath(new URL('../packages/svc/bin/svc.js', import.meta.url));

const round = (ms: number) => Math.round(ms * 100) / 100;
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
}

async function measure(count: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(3, count); i++) await once(); // warm-up (and, through the daemon, its start)
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function shellTrue(adbPort: number, serial: string): Promise<void> {
  const { socket, reader } = await openDeviceService(adbPort, serial, 'shell,v2,raw:true');
  try {
    for (;;) {
      const header = await reader.read(5);
      await reader.read(header.readUInt32LE(1));
      if (header[0] === 3) return;
    }
  } finally {
    socket.destroy();
  }
}

function spawnNode(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env }, (error, stdout) => {
      if (error && !stdout) reject(error);
      else resolve(stdout);
    });
  });
}

let counter = 0;
const sleepPayload = () => ({
  commandId: `bench-daemon-${process.pid}-${++counter}`,
  taskId: 'bench',
  source: 'bench',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 10000,
  actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
});
const snapshotPayload = () => ({ ...sleepPayload(), actions: [{ id: 'snap', type: 'snapshot_ui' }] });

async function mustSucceed(promise: Promise<{ ok: boolean }>) {
  const result = await promise;
  if (!result.ok) throw new Error(`execution failed: ${JSON.stringify(result)}`);
}

const lab = await createLab({ devices: [{}] });
const env = { ...process.env, ...lab.env, SVC_NO_DAEMON: undefined } as NodeJS.ProcessEnv;
try {
  const serial = lab.devices[0]?.serial as string;
  const adbFloorMs = await measure(runs * 3, () => shellTrue(lab.adbPort, serial));
  const nodeStartupMs = await measure(cliRuns, () => spawnNode(['-e', '0'], env));
  const warm = createContext({ env, keepLogStreams: true });
  const deviceExecMs = await measure(runs, () => mustSucceed(runExecution(warm, { execution: sleepPayload() })));
  const deviceSnapshotMs = await measure(runs, () => mustSucceed(runExecution(warm, { execution: snapshotPayload() })));
  await warm.close();
  const cli = (args: string[]) => async () => {
    const out = JSON.parse(await spawnNode([BIN, ...args], env)) as { ok?: boolean };
    if (out.ok !== true) throw new Error(`svc ${args.join(' ')} failed: ${JSON.stringify(out)}`);
  };
  const execArgs = () => ['exec', JSON.stringify(sleepPayload())];
  const cliLoadMs = await measure(cliRuns, () => spawnNode([BIN, 'snapshot', '--dry-run'], env));
  const viaProxy = (payload: () => ProxyRequest['execution']) => async () => {
    const outcome = await proxyExecution({
      execution: payload(),
      operatorPackage: 'com.svc.operator',
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
  const daemonSnapshotMs = await measure(cliRuns, cli(['snapshot']));
  const directExecMs = await measure(cliRuns, () => cli([...execArgs(), '--no-daemon'])());
  const directSnapshotMs = await measure(cliRuns, cli(['snapshot', '--no-daemon']));
  await cli(['daemon', 'stop'])().catch(() => {});
  const result = {
    bench: 'daemon',
    node: process.version,
    device: serial,
    medianMs: {
      adbFloor: adbFloorMs,
      nodeStartup: nodeStartupMs,
      deviceExec: deviceExecMs,
      deviceSnapshot: deviceSnapshotMs,
      proxyInProcessExec: proxyExecMs,
      proxyInProcessSnapshot: proxySnapshotMs,
      cliLoad: cliLoadMs,
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
  for (const [name, ms] of Object.entries(result.daemonOverheadMs)) {
    process.stdout.write(`${`overhead ${name}`.padEnd(24)} ${`${ms.toFixed(2)} ms`.padStart(11)}  (target ≤ 10)\n`);
  }
} finally {
  await lab.close();
}
