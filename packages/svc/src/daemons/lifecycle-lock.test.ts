// The lifecycle lock recovers from every stale state at once (issue 19: a stale lock cost 3.3 s on every CLI call
// and `daemon start` failed after 10.3 s): an owner that exited, a zombie owner, a pid now used by another process,
// and a lock older than any lifecycle step; a live owner is still waited for.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeZombie } from '../../test/security/zombie.ts';
import { processState } from '../adapters/process/process-identity.ts';
import { acquireLifecycleLock, LIFECYCLE_LOCK_MAX_AGE_MS } from './lifecycle-lock.ts';

const lockFile = () => join(mkdtempSync(join(tmpdir(), 'svc-lifecycle-')), 'daemon-x.lock');

async function takesAtOnce(path: string): Promise<void> {
  const lock = await acquireLifecycleLock(path, 0);
  assert.match(readFileSync(path, 'utf8'), new RegExp(`^${process.pid}\\b`));
  lock.release();
}

describe('the daemon lifecycle lock', () => {
  it('is reclaimed at once when its pid now names another process (another start time)', async () => {
    const path = lockFile();
    writeFileSync(path, `${process.ppid} 1\n`);
    await takesAtOnce(path);
  });

  it('is reclaimed at once when its owner is a zombie', async () => {
    const zombie = await makeZombie();
    try {
      const path = lockFile();
      writeFileSync(path, `${zombie.pid}\n`);
      await takesAtOnce(path);
    } finally {
      zombie.release();
    }
  });

  it('is reclaimed at once when it is older than any lifecycle step, whoever holds the pid', async () => {
    const path = lockFile();
    writeFileSync(path, `${process.ppid} ${processState(process.ppid).startTime ?? ''}\n`);
    const old = (Date.now() - LIFECYCLE_LOCK_MAX_AGE_MS - 1000) / 1000;
    utimesSync(path, old, old);
    await takesAtOnce(path);
  });

  it('is waited for while a live owner holds it, then refused with DAEMON_START_FAILED', async () => {
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const path = lockFile();
      const pid = holder.pid as number;
      writeFileSync(path, `${pid} ${processState(pid).startTime ?? ''}\n`);
      await assert.rejects(acquireLifecycleLock(path, 200), { code: 'DAEMON_START_FAILED' });
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
