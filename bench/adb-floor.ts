// The physical floor of every later benchmark: median round trip of `shell true` against a simulated device,
// (1) through the adb server socket directly (host:transport:<serial>, then shell,v2,raw:true, read to the exit
// packet) and (2) through a spawned `adb shell true`. Prints JSON, then a short table.
// Usage: npx node bench/adb-floor.ts [--socket-runs N] [--spawn-runs N]
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createLab } from '../packages/sim/src/testing/lab.ts';
import { countsFor, shellTrue } from './lib/measure.ts';

const counts = countsFor({ socketRuns: 300, spawnRuns: 60 }, { socketRuns: 30, spawnRuns: 6 });
const { values } = parseArgs({
  options: {
    'socket-runs': { type: 'string', default: String(counts.socketRuns) },
    'spawn-runs': { type: 'string', default: String(counts.spawnRuns) },
  },
});

interface Stats {
  runs: number;
  medianMs: number;
  p90Ms: number;
  minMs: number;
  maxMs: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    runs: sorted.length,
    medianMs: round(at(0.5)),
    p90Ms: round(at(0.9)),
    minMs: round(sorted[0]!),
    maxMs: round(sorted.at(-1)!),
  };
}

function shellTrueSpawned(adbPort: number, serial: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('adb', ['-P', String(adbPort), '-s', serial, 'shell', 'true'], { env }, (error) =>
      error ? reject(error) : resolve(),
    );
  });
}

async function measure(runs: number, once: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(10, runs); i++) await once(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await once();
    samples.push(performance.now() - start);
  }
  return samples;
}

const lab = await createLab({ devices: [{}] });
try {
  const serial = lab.devices[0]!.serial;
  const env = { ...process.env, ...lab.env };
  const socket = stats(await measure(Number(values['socket-runs']), () => shellTrue(lab.adbPort, serial)));
  const spawned = stats(await measure(Number(values['spawn-runs']), () => shellTrueSpawned(lab.adbPort, serial, env)));
  const result = {
    bench: 'adb-floor',
    adb: (await lab.adb('version')).stdout.split('\n')[1]?.trim() ?? '',
    node: process.version,
    device: serial,
    adbServerSocket: socket,
    spawnedAdb: spawned,
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);
  process.stdout.write('path                    median      p90      min\n');
  for (const [name, s] of [
    ['adb server socket', socket],
    ['spawned adb', spawned],
  ] as const) {
    const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(9);
    process.stdout.write(`${name.padEnd(20)} ${ms(s.medianMs)} ${ms(s.p90Ms)} ${ms(s.minMs)}\n`);
  }
} finally {
  await lab.close();
}
