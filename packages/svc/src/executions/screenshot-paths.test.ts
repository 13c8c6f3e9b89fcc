// The screenshots folder a server writes in: refused when another user could put a link or a file in it (others
// may write to it, or it is not ours), made private when missing. Over HTTP the paths are proven in
// test/security/screenshot-paths.test.ts; these are the folder's own rules.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { confinedScreenshotPath, ensureScreenshotsDir } from './screenshot-paths.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'svc-shots-dir-'));
const forbidden = { code: 'PATH_FORBIDDEN' };

describe('the screenshots folder', () => {
  it('is made private (0700) when missing', () => {
    const dir = join(fresh(), 'shots');
    assert.equal(ensureScreenshotsDir(dir), dir);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
  });

  it('is refused when others may write to it, and so is every path in it', () => {
    for (const mode of [0o777, 0o770, 0o1777]) {
      const dir = fresh();
      chmodSync(dir, mode);
      assert.throws(() => ensureScreenshotsDir(dir), forbidden, mode.toString(8));
      assert.throws(() => confinedScreenshotPath('x.png', dir, 'path'), forbidden);
    }
  });

  it('is refused when another user owns it', { skip: process.getuid?.() !== 0 && 'chown needs root' }, () => {
    const dir = fresh();
    chownSync(dir, 65534, 65534);
    assert.throws(() => ensureScreenshotsDir(dir), forbidden);
  });

  it('takes a folder of ours that only we may write to, as it is', () => {
    const dir = fresh();
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'day'));
    assert.equal(confinedScreenshotPath('day/x.png', dir, 'path'), join(dir, 'day', 'x.png'));
    assert.equal(statSync(dir).mode & 0o777, 0o755);
  });
});
