// Throughput and latency of `svc serve` against simulated devices through real adb, next to the adb floor:
// executions per second (one sleep 0 action) on one device and on 8 devices in parallel, and the median latency of
// POST /snapshot and POST /execute. Prints JSON, then a short table.
// Usage: npx node bench/serve.ts [--runs N] [--parallel-runs N] [--devices N]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { createServerAuth } from '../packages/svc/src/adapters/http/auth.ts';
import { createContext } from '../packages/svc/src/core/context.ts';
import { createServerApp } from '../packages/svc/src/server/app.ts';
import { listenTcp } from '../packages/svc/src/server/listen.ts';
import { countsFor, shellTrue, sleepPayload } from './lib/measure.ts';

const counts = countsFor({ runs: 60, parallelRuns: 30, devices: 8 }, { runs: 10, parallelRuns: 6, devices: 2 });
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: String(counts.runs) },
    'parallel-runs': { type: 'string', default: String(counts.parallelRuns) },
    devices: { type: 'string', default: String(counts.devices) },
  },
});
const runs = Number(values.runs);
const parallelRuns = Number(values['parallel-runs']);
const deviceCount = Number(values.devices);

const round = (ms: number) => Math.round(ms * 100) / 100;
function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
}

async function timed(once: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await once();
  return performance.now() - start;
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as { ok: boolean; error?: unknown };
  if (response.status !== 200 || !result.ok) throw new Error(`bench request failed: ${JSON.stringify(result)}`);
}

const lab = await createLab({ devices: Array.from({ length: deviceCount }, () => ({})) });
// As `svc serve` runs it: one device-log follow per device stays warm between executions.
const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home, longLived: true });
// With the token check, as `svc serve` runs by default.
const token = randomBytes(32).toString('base64url');
const authorization = `Bearer ${token}`;
const serverApp = createServerApp(ctx, { auth: createServerAuth(token), loopbackHostOnly: true });
const server = await listenTcp(serverApp, { host: '127.0.0.1', port: 0 });
try {
  const serials = lab.devices.map((d) => d.serial);
  const first = serials[0]!;
  const execute = (deviceId: string) =>
    post(`${server.url}/execute`, { execution: sleepPayload('bench-serve'), deviceId });

  for (let i = 0; i < 5; i++) await shellTrue(lab.adbPort, first); // warm-up
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) floor.push(await timed(() => shellTrue(lab.adbPort, first)));

  for (let i = 0; i < 5; i++) await execute(first);
  const single: number[] = [];
  const singleStart = performance.now();
  for (let i = 0; i < runs; i++) single.push(await timed(() => execute(first)));
  const singleElapsed = performance.now() - singleStart;

  const parallelStart = performance.now();
  await Promise.all(
    serials.map(async (serial) => {
      for (let i = 0; i < parallelRuns; i++) await execute(serial);
    }),
  );
  const parallelElapsed = performance.now() - parallelStart;

  const snapshot: number[] = [];
  for (let i = 0; i < runs; i++) {
    snapshot.push(await timed(() => post(`${server.url}/snapshot`, { deviceId: first })));
  }

  const result = {
    bench: 'serve',
    node: process.version,
    devices: serials.length,
    adbFloorShellTrueMedianMs: median(floor),
    oneDevice: { executions: runs, perSecond: round((runs * 1000) / singleElapsed), medianMs: median(single) },
    parallel: {
      devices: serials.length,
      executions: serials.length * parallelRuns,
      perSecond: round((serials.length * parallelRuns * 1000) / parallelElapsed),
    },
    snapshotMedianMs: median(snapshot),
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  const rows: [string, string][] = [
    ['adb floor (shell true, median)', `${result.adbFloorShellTrueMedianMs} ms`],
    ['POST /execute sleep 0, 1 device (median)', `${result.oneDevice.medianMs} ms`],
    ['executions/s, 1 device', `${result.oneDevice.perSecond}`],
    [`executions/s, ${serials.length} devices in parallel`, `${result.parallel.perSecond}`],
    ['POST /snapshot (median)', `${result.snapshotMedianMs} ms`],
  ];
  for (const [name, value] of rows) process.stdout.write(`${name.padEnd(44)} ${value.padStart(10)}\n`);
} finally {
  await server.close();
  await ctx.close();
  await lab.close();
}
