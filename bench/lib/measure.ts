// Shared pieces of the benchmarks: medians, a warm-up-then-sample loop, the adb floor's `shell true` over the adb
// server socket, a spawned Node process, and the one-action payloads every wall-time bench runs.
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openDeviceService } from '../../packages/sim/src/testing/lab.ts';

/**
 * True under `npm run bench -- --quick` (bench/run-all.ts sets SVC_BENCH_QUICK=1): every bench then runs with small
 * counts, a check that it still works rather than a measurement. A bench picks its counts with `countsFor`.
 */
export const QUICK = process.env.SVC_BENCH_QUICK === '1';

/** The bench's own counts, or the small ones of a quick run. */
export function countsFor<T extends Record<string, number>>(full: T, quick: { [K in keyof T]: number }): T {
  return (QUICK ? quick : full) as T;
}

/** `--runs N` (in-process samples) and `--cli-runs N` (spawned samples) of a wall-time bench. */
export function benchRuns(
  full: { runs: number; cliRuns: number },
  quick: { runs: number; cliRuns: number },
): { runs: number; cliRuns: number } {
  const defaults = countsFor(full, quick);
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: String(defaults.runs) },
      'cli-runs': { type: 'string', default: String(defaults.cliRuns) },
    },
  });
  return { runs: Number(values.runs), cliRuns: Number(values['cli-runs']) };
}

/** A plain Node script beside this file (bench/lib/), spawned as a floor no svc code takes part in. */
export const floorScript = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

/** The user's entry (`svc`): the bundle when it is fresh, else the sources. */
export const BIN = fileURLToPath(new URL('../../packages/svc/bin/svc.js', import.meta.url));

/**
 * Builds the bundle when it is stale (as `npm ci` and `npm test` do) and says what bin/svc.js will run, so a number
 * is never taken from the slower source mode by accident.
 */
export function ensureBundle(): 'bundle' | 'sources' {
  execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/build.ts', import.meta.url)), '--if-stale']);
  const { bundleIsFresh } = createRequire(import.meta.url)(BIN) as { bundleIsFresh: () => boolean };
  return bundleIsFresh() ? 'bundle' : 'sources';
}

export const round = (ms: number) => Math.round(ms * 100) / 100;

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
}

/** Median wall time of `once` over `count` samples, after up to three warm-up calls (a daemon starts in them). */
export async function measure(count: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(3, count); i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * Median wall time of each case over `count` rounds, the cases taking turns within a round (after up to three warm-up
 * rounds): on a shared machine the load changes from minute to minute, and cases compared with each other should see
 * the same load.
 */
export async function measureInterleaved(
  count: number,
  cases: Record<string, () => Promise<unknown>>,
): Promise<Record<string, number>> {
  const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
  for (let round = -Math.min(3, count); round < count; round++) {
    for (const [name, once] of Object.entries(cases)) {
      const start = performance.now();
      await once();
      if (round >= 0) samples[name]?.push(performance.now() - start);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, times]) => [name, median(times)]));
}

/**
 * One `shell true` round trip through the adb server socket (shell protocol v2, until the exit packet): the adb
 * floor. Resolves with the exit status.
 */
export async function shellTrue(adbPort: number, serial: string): Promise<number> {
  const { socket, reader } = await openDeviceService(adbPort, serial, 'shell,v2,raw:true');
  try {
    for (;;) {
      const header = await reader.read(5);
      const body = await reader.read(header.readUInt32LE(1));
      if (header[0] === 3) return body[0] as number;
    }
  } finally {
    socket.destroy();
  }
}

/** Runs `node <args>` (the Node running the bench) and resolves its stdout; a failing run with output still counts. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { env }, (error, stdout) => {
      if (error && !stdout) reject(error);
      else resolve(stdout);
    });
  });
}

let counter = 0;
/** A valid one-action execution (sleep 0) with a fresh commandId. */
export const sleepPayload = (prefix = 'bench') => ({
  commandId: `${prefix}-${process.pid}-${++counter}`,
  taskId: 'bench',
  source: 'bench',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 10000,
  actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
});

export const snapshotPayload = (prefix = 'bench') => ({
  ...sleepPayload(prefix),
  actions: [{ id: 'snap', type: 'snapshot_ui' }],
});

export async function mustSucceed(promise: Promise<{ ok: boolean }>): Promise<void> {
  const result = await promise;
  if (!result.ok) throw new Error(`execution failed: ${JSON.stringify(result)}`);
}
