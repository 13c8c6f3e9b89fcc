// Issue 19, item 11: Node's compile cache defaulted to <tmpdir>/node-compile-cache, a folder every user of the
// machine can create first and fill with code svc would then run. The CLI keeps it in ~/.svc/compile-cache.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli } from '../run-cli.ts';

describe('the compile cache of the CLI', () => {
  it('lives in the private ~/.svc, not in the shared temp folder', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-cc-home-'));
    const temp = mkdtempSync(join(tmpdir(), 'svc-cc-tmp-'));
    const run = await runCli(['version'], {
      env: { HOME: home, TMPDIR: temp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined },
    });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(!existsSync(join(temp, 'node-compile-cache')), 'nothing in the shared temp folder');
    assert.ok(readdirSync(join(home, '.svc', 'compile-cache')).length > 0, 'the cache is in ~/.svc');
    assert.equal(statSync(join(home, '.svc')).mode & 0o777, 0o700);
  });
});
