// `npm run bench`: runs every benchmark of bench/ in turn, each in its own Node process (each prints its JSON, then a
// table), and ends with one line per bench: exit code and wall time. Exit 1 when any of them failed.
// Every *.ts directly in bench/ is a bench, except this file and heap-diff.ts (a tool comparing two heap snapshots
// written by `load.ts --heap-snapshots`).
// --quick runs each with small counts: a check that every bench still works, in about a minute, not a measurement.
//
// Usage: npm run bench [-- --quick] [-- <name> ...]   (names: adb-floor, driver, exec, daemon, serve, load, inspector)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const NOT_BENCHES = new Set(['run-all.ts', 'heap-diff.ts']);

/** Node flags a bench needs, and its arguments in --quick mode. A bench missing here runs with its defaults. */
const SETTINGS: Record<string, { node?: string[]; quick: string[] }> = {
  'adb-floor': { quick: ['--socket-runs', '30', '--spawn-runs', '6'] },
  exec: { quick: ['--runs', '5', '--cli-runs', '3'] },
  driver: { quick: ['--runs', '1', '--timing', 'instant'] },
  daemon: { quick: ['--runs', '5', '--cli-runs', '3'] },
  serve: { quick: ['--runs', '10', '--parallel-runs', '6', '--devices', '2'] },
  // A forced gc before each memory sample (load.ts samples without it too, but noisier).
  load: { node: ['--expose-gc'], quick: ['--executions', '300', '--devices', '2', '--samples', '3'] },
  // The page runs in Chromium against a lab, which imports svc-sim by its package name (its sources in a clone).
  inspector: { node: ['--conditions=svc-source'], quick: ['--runs', '2'] },
};

const { values, positionals } = parseArgs({
  options: { quick: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const available = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && !NOT_BENCHES.has(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();
const unknown = positionals.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`no bench named ${unknown.join(', ')}; the benches: ${available.join(', ')}`);
  process.exit(2);
}

const chosen = positionals.length > 0 ? positionals : available;
const summary: { name: string; code: number; seconds: number }[] = [];
for (const name of chosen) {
  const settings = SETTINGS[name];
  const benchArgs = values.quick ? (settings?.quick ?? []) : [];
  console.log(`\n== bench/${name}.ts ${benchArgs.join(' ')}`);
  const started = performance.now();
  const file = join(import.meta.dirname, `${name}.ts`);
  const run = spawnSync(process.execPath, [...(settings?.node ?? []), file, ...benchArgs], { stdio: 'inherit' });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  summary.push({ name, code: run.status ?? 1, seconds });
}

console.log(
  `\n== ${values.quick ? 'quick run: counts too small to compare, a check that each bench works' : 'summary'}`,
);
for (const { name, code, seconds } of summary) {
  const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
  console.log(`${name.padEnd(12)} ${status.padEnd(16)} ${seconds} s`);
}
process.exit(summary.every((bench) => bench.code === 0) ? 0 : 1);
