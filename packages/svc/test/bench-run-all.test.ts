// `npm run bench` runs every bench of bench/, found by listing the folder (a new bench needs no registration). In
// --quick mode each runs with small counts: this checks that each still works and prints its JSON, never how fast
// anything is.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './install-helpers.ts';

/**
 * Every bench in turn, each starting its own simulated devices and servers: about 3 minutes on a quiet 2-core machine,
 * twice that beside the other suites and other work on the machine, and it grows with each bench (the soak bench
 * alone takes half a minute). A limit of its own, above the suites' default: it stops a hung bench, it is no speed
 * check.
 */
const QUICK_RUN_LIMIT_MS = 720_000;

function npmRunBench(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'bench', '--', ...args],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, timeout: QUICK_RUN_LIMIT_MS - 10_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The benches: every .ts directly in bench/ but the runner (helpers are in bench/lib/, tools in bench/tools/). */
const benches = readdirSync(join(REPO_ROOT, 'bench'))
  .filter((file) => file.endsWith('.ts') && file !== 'run-all.ts')
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

test('npm run bench -- --quick runs every bench in bench/, each printing its JSON, and says each ended ok', {
  timeout: QUICK_RUN_LIMIT_MS,
}, async () => {
  assert.ok(benches.length >= 5, `benches found: ${benches.join(', ')}`);
  const out = await npmRunBench(['--quick']);
  assert.equal(out.code, 0, out.stdout.slice(-3000) + out.stderr);
  for (const name of benches) {
    assert.match(out.stdout, new RegExp(`^${name} +ok +[\\d.]+ s$`, 'm'), `${name} in the summary`);
    const section = out.stdout.split(`== bench/${name}.ts`)[1] ?? '';
    const json = section.slice(section.indexOf('\n{'), section.indexOf('\n}\n') + 2);
    assert.equal(typeof JSON.parse(json), 'object', `${name} printed JSON`);
  }
  // The summary is a table: every status starts in one column, however long the bench names.
  const summary = out.stdout.split('\n').filter((line) => new RegExp(`^(${benches.join('|')}) +ok +`).test(line));
  assert.equal(new Set(summary.map((line) => line.search(/ ok /))).size, 1, summary.join('\n'));
});

test('npm run bench with a name that is no bench lists the benches and exits 2', async () => {
  const out = await npmRunBench(['no-such-bench']);
  assert.equal(out.code, 2);
  assert.equal(out.stderr, `no bench named no-such-bench; the benches: ${benches.join(', ')}\n`);
});
