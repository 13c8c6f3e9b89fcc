// Runs every colocated *.test.ts under packages/ with node's own test runner.
// Usage: npm test [-- <path-substring> ...]   (filters test files by substring)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { holdWholeSuiteLock } from './whole-suite-lock.ts';

const root = join(import.meta.dirname, '..');

function findTests(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) findTests(full, out);
    else if (entry.name.endsWith('.test.ts')) out.push(relative(root, full));
  }
  return out;
}

const filters = process.argv.slice(2);
const files = findTests(join(root, 'packages'), []).filter(
  (file) => filters.length === 0 || filters.some((f) => file.includes(f)),
);
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(1);
}
if (filters.length === 0) await holdWholeSuiteLock();
// The CLI tests run bin/svc.js as a user does, which runs the bundle when it is fresh: build it first, so the tests
// prove the bundle (the unit tests import the sources).
const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.ts'), '--if-stale'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// Suites are I/O bound (real adb, simulated devices), so run more files than cores.
const concurrency = process.env.SVC_TEST_CONCURRENCY ?? String(Math.max(4, availableParallelism() * 2));
// One private temp directory for the whole run, removed at the end: whatever a suite forgets to delete (temp homes,
// default screenshot paths) cannot pile up in the machine's /tmp. Kept short: daemon sockets live below it.
const runTmp = mkdtempSync(join(tmpdir(), 'svct-'));
// And a private HOME: the CLI keeps state there (~/.svc: daemons, code caches, locks), and no test may touch the
// user's own. Suites that need a specific home (labs) still set HOME for the processes they start.
const runHome = join(runTmp, 'home');
mkdirSync(runHome, { mode: 0o700 });
// `--conditions=svc-source`: the suites import svc-sim by its package name, and in a clone that means its TypeScript
// sources, not the bundle `npm pack` builds (node --test passes the flag on to each test file's process).
const child = spawn(
  process.execPath,
  ['--conditions=svc-source', '--test', `--test-concurrency=${concurrency}`, '--test-timeout=180000', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TMPDIR: runTmp, HOME: runHome } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  rmSync(runTmp, { recursive: true, force: true, maxRetries: 5 });
  process.exit(code ?? (signal ? 1 : 0));
});
