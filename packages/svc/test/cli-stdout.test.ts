// A reader that goes away (`svc ... | head -1`) is not an error: the CLI exits quietly with its own exit code, whether
// the output went through output.ts's direct write (results, schema) or through the process.stdout stream (help).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { isolatedEnv, MAIN } from './run-cli.ts';

function runWithClosedStdout(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: isolatedEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

for (const args of [['schema'], ['snapshot', '--dry-run'], ['--help'], ['tap', '--help']]) {
  test(`svc ${args.join(' ')} with its stdout closed exits 0 without an error`, async () => {
    const run = await runWithClosedStdout(args);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0);
  });
}
