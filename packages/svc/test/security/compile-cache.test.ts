// Issue 19, item 11: Node's compile cache defaulted to <tmpdir>/node-compile-cache, a folder every user of the
// machine can create first and fill with code svc would then run. bin/svc.js turns it on in ~/.svc/compile-cache, and
// the daemon is started with that folder too.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { MAIN, runCli } from '../run-cli.ts';

const run = promisify(execFile);

describe('the compile cache of the CLI', () => {
  it('is turned on in the private ~/.svc, never in the shared temp folder', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-cc-home-'));
    const temp = mkdtempSync(join(tmpdir(), 'svc-cc-tmp-'));
    const script = `const { enablePrivateCompileCache } = require(${JSON.stringify(MAIN)});
      enablePrivateCompileCache();
      process.stdout.write(String(require('node:module').getCompileCacheDir()));`;
    const env = { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: temp };
    const { stdout } = await run(process.execPath, ['-e', script], { env });
    // Node keeps one folder per Node version and build inside the one it was given.
    assert.ok(stdout.startsWith(`${join(home, '.svc', 'compile-cache')}/`), stdout);
    assert.equal(statSync(join(home, '.svc')).mode & 0o777, 0o700);
    // Issue 36: the cache folder and the one Node makes in it are private too, whatever the umask.
    assert.equal(statSync(join(home, '.svc', 'compile-cache')).mode & 0o777, 0o700);
    assert.equal(statSync(stdout).mode & 0o777, 0o700);
    // A command as a user runs it leaves nothing in the shared temp folder either.
    const version = await runCli(['version'], {
      env: { HOME: home, TMPDIR: temp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined },
    });
    assert.equal(version.code, 0, version.stderr);
    assert.ok(!existsSync(join(temp, 'node-compile-cache')));
  });
});
