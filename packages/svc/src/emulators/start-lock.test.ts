import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SvcError } from '../contracts/errors.ts';
import { startLockPath, withStartLock } from './start-lock.ts';

describe('withStartLock', () => {
  let home: string;
  before(async () => {
    home = await mkdtemp(join(tmpdir(), 'svc-start-lock-'));
  });
  after(() => rm(home, { recursive: true, force: true, maxRetries: 5 }));

  it('refuses a second start of the same AVD while the first holds the lock, and frees it afterwards', async () => {
    const env = { HOME: home };
    let release = () => {};
    let holding = () => {};
    const held = new Promise<void>((r) => (holding = r));
    const first = withStartLock(env, 'svc-pixel', () => {
      holding();
      return new Promise<string>((r) => (release = () => r('first')));
    });
    await held;
    await assert.rejects(
      withStartLock(env, 'svc-pixel', async () => 'second'),
      (error: unknown) => {
        return (
          error instanceof SvcError &&
          error.code === 'EMULATOR_ALREADY_RUNNING' &&
          error.details?.startingPid === process.pid
        );
      },
    );
    assert.equal(await withStartLock(env, 'other-avd', async () => 'other'), 'other');
    release();
    assert.equal(await first, 'first');
    assert.equal(await withStartLock(env, 'svc-pixel', async () => 'again'), 'again');
    await assert.rejects(readFile(startLockPath(env, 'svc-pixel')), /ENOENT/);
  });

  it('takes over a lock whose starter process is gone, and releases it even when the start fails', async () => {
    const env = { HOME: home };
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    await mkdir(join(home, '.svc', 'locks'), { recursive: true });
    await writeFile(startLockPath(env, 'stale'), JSON.stringify({ pid: deadPid }));
    await assert.rejects(
      withStartLock(env, 'stale', async () => {
        throw new Error('boot failed');
      }),
      /boot failed/,
    );
    await assert.rejects(readFile(startLockPath(env, 'stale')), /ENOENT/);
  });
});
