// `npm run bench`: runs every benchmark of bench/ in turn, each in its own Node process (each prints its JSON, then a
// table), and ends with one line per bench: exit code and wall time. Exit 1 when any of them failed.
// A bench is any *.ts directly in bench/ (this runner aside): add a file and it runs. Helpers live in bench/lib/,
// tools that are not benches (heap-diff) in bench/tools/.
// --quick sets SVC_BENCH_QUICK=1, under which each bench picks small counts (bench/lib/measure.ts `countsFor`): a check
// that every bench still works, not a measurement. Every bench runs with --expose-gc (memory samples can force a gc)
// and --conditions=svc-source (in the clone, `svc-sim` imported by its name means its sources, as in the tests).
//
// Usage: npm run bench [-- --quick] [-- <name> ...]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { quick: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const available = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && entry.name !== 'run-all.ts')
  .map((entry) => entry.name.slice(0, -'.ts'.length))
  .sort();
const unknown = positionals.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`no bench named ${unknown.join(', ')}; the benches: ${available.join(', ')}`);
  process.exit(2);
}

const chosen = positionals.length > 0 ? positionals : available;
const env = { ...process.env, ...(values.quick ? { SVC_BENCH_QUICK: '1' } : {}) };
const summary: { name: string; code: number; seconds: number }[] = [];
for (const name of chosen) {
  console.log(`\n== bench/${name}.ts${values.quick ? ' (quick)' : ''}`);
  const started = performance.now();
  const file = join(import.meta.dirname, `${name}.ts`);
  const run = spawnSync(process.execPath, ['--expose-gc', '--conditions=svc-source', file], { stdio: 'inherit', env });
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  summary.push({ name, code: run.status ?? 1, seconds });
}

console.log(
  `\n== ${values.quick ? 'quick run: counts too small to compare, a check that each bench works' : 'summary'}`,
);
const nameWidth = Math.max(...summary.map((bench) => bench.name.length));
for (const { name, code, seconds } of summary) {
  const status = code === 0 ? 'ok' : `FAILED (exit ${code})`;
  console.log(`${name.padEnd(nameWidth)} ${status.padEnd(16)} ${seconds} s`);
}
process.exit(summary.every((bench) => bench.code === 0) ? 0 : 1);
