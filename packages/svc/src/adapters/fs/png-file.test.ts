// Screenshot writes: never through a link, never over a file that is not a PNG, never blocked by a FIFO; a PNG or an
// empty file is replaced, a character device written to, and a new file is private.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PNG_SIGNATURE, writePngFile } from './png-file.ts';

const png = Uint8Array.from([...PNG_SIGNATURE, 1, 2, 3]);

describe('writing a screenshot file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-png-'));

  it('creates a private file, and replaces an earlier PNG or an empty file', async () => {
    const path = join(dir, 'a.png');
    await writePngFile(path, png, { createFolders: false });
    assert.equal(statSync(path).mode & 0o777, 0o600);
    await writePngFile(path, Uint8Array.from([...PNG_SIGNATURE, 9]), { createFolders: false });
    assert.deepEqual([...readFileSync(path)], [...PNG_SIGNATURE, 9]);
    writeFileSync(join(dir, 'empty.png'), '');
    await writePngFile(join(dir, 'empty.png'), png, { createFolders: false });
  });

  it('refuses a link, a file that is not a PNG, a FIFO and a missing folder', async () => {
    writeFileSync(join(dir, 'doc.txt'), 'keep me');
    symlinkSync(join(dir, 'doc.txt'), join(dir, 'link.png'));
    await assert.rejects(writePngFile(join(dir, 'link.png'), png, { createFolders: false }), /symbolic link/);
    await assert.rejects(writePngFile(join(dir, 'doc.txt'), png, { createFolders: false }), /not a PNG/);
    assert.equal(readFileSync(join(dir, 'doc.txt'), 'utf8'), 'keep me');
    execFileSync('mkfifo', [join(dir, 'pipe.png')]);
    await assert.rejects(writePngFile(join(dir, 'pipe.png'), png, { createFolders: false }), /not a regular file/);
    await assert.rejects(writePngFile(join(dir, 'no', 'x.png'), png, { createFolders: false }), /does not exist/);
  });

  it('writes to a character device such as /dev/null', async () => {
    await writePngFile('/dev/null', png, { createFolders: false });
  });
});
