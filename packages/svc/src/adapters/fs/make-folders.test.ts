// mkdir -p that always returns: Node's own recursive mkdir spins forever under /proc (creating a missing folder
// there answers ENOENT although its parent exists), and screenshot and recording paths come from the user.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { makeFolders, makeFoldersSync } from './make-folders.ts';

describe('making folders', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-folders-'));
  after(() => rmSync(root, { recursive: true, force: true, maxRetries: 5 }));

  for (const [name, make] of [
    ['sync', async (dir: string, mode?: number) => makeFoldersSync(dir, mode)],
    ['async', makeFolders],
  ] as const) {
    it(`${name}: creates the missing folders with the mode asked, and accepts folders that exist`, async () => {
      const dir = join(root, name, 'a', 'b');
      await make(dir, 0o700);
      assert.equal(statSync(dir).mode & 0o777, 0o700);
      assert.equal(statSync(join(root, name, 'a')).mode & 0o777, 0o700);
      await make(dir, 0o700);
    });

    it(`${name}: with no mode asked, every folder it makes is its user's alone (0700)`, async () => {
      const dir = join(root, `${name}-default`, 'c', 'd');
      await make(dir);
      assert.equal(statSync(dir).mode & 0o777, 0o700);
      assert.equal(statSync(join(root, `${name}-default`)).mode & 0o777, 0o700);
    });

    it(`${name}: a path under /proc fails at once with the system's answer (Node's recursive mkdir never returns)`, async () => {
      await assert.rejects(make('/proc/svc-no-such-folder/x'), { code: 'ENOENT' });
    });

    it(`${name}: a file where a folder should be is ENOTDIR, naming it`, async () => {
      const file = join(root, `${name}-file`);
      writeFileSync(file, 'x');
      await assert.rejects(make(join(file, 'sub')), (error: NodeJS.ErrnoException) => {
        assert.equal(error.code, 'ENOTDIR');
        assert.match(error.message, new RegExp(`${name}-file`));
        return true;
      });
    });
  }
});
