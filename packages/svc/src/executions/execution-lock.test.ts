import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { systemClock } from '../adapters/clock.ts';
import { nodeFileStore } from '../adapters/fs/file-store.ts';
import { acquireExecutionLock, type LockDeps, lockPath } from './execution-lock.ts';

const home = await mkdtemp(join(tmpdir(), 'svc-lock-'));
after(() => rm(home, { recursive: true, force: true }));

function deps(over: Partial<LockDeps> = {}): LockDeps {
  return { files: nodeFileStore, clock: systemClock, home, isAlive: () => true, ...over };
}

test('a held lock refuses a second holder and names its pid; release frees it', async () => {
  const first = await acquireExecutionLock(deps(), 'dev-a', 'pkg');
  assert.ok(first.ok);
  const second = await acquireExecutionLock(deps(), 'dev-a', 'pkg');
  assert.equal(second.ok, false);
  assert.equal(!second.ok && second.holder.pid, process.pid);
  assert.equal(
    (await acquireExecutionLock(deps(), 'dev-a', 'other.pkg')).ok,
    false,
    'one lock per device, any package',
  );
  await first.lock.release();
  const third = await acquireExecutionLock(deps(), 'dev-a', 'pkg');
  assert.ok(third.ok);
  await third.lock.release();
});

test('a lock whose owner process is gone is reclaimed', async () => {
  const path = lockPath(home, 'dev-b');
  const dead = await acquireExecutionLock(deps(), 'dev-b', 'pkg');
  assert.ok(dead.ok);
  const taken = await acquireExecutionLock(deps({ isAlive: () => false }), 'dev-b', 'pkg');
  assert.ok(taken.ok);
  assert.equal(JSON.parse(await readFile(path, 'utf8')).deviceId, 'dev-b');
  await taken.lock.release();
});

test('a lock file that names no owner is reclaimed', async () => {
  const path = lockPath(home, 'dev-c');
  await nodeFileStore.writeFile(path, '');
  await writeFile(path, 'garbage');
  const taken = await acquireExecutionLock(deps(), 'dev-c', 'pkg');
  assert.ok(taken.ok);
  await taken.lock.release();
});

test('a settling lock holds until settleUntil even when its owner has exited', async () => {
  let now = 1_000_000;
  const clock = { ...systemClock, now: () => now };
  const held = await acquireExecutionLock(deps({ clock }), 'dev-d', 'pkg');
  assert.ok(held.ok);
  await held.lock.settle(2000);
  const gone = deps({ clock, isAlive: () => false });
  assert.equal((await acquireExecutionLock(gone, 'dev-d', 'pkg')).ok, false);
  now += 2001;
  const after = await acquireExecutionLock(gone, 'dev-d', 'pkg');
  assert.ok(after.ok);
  await after.lock.release();
});

test('serials with slashes and colons get distinct lock files inside the locks folder', () => {
  const a = lockPath(home, '127.0.0.1:5555');
  const b = lockPath(home, 'usb/1');
  assert.notEqual(a, b);
  assert.ok(a.startsWith(join(home, '.svc', 'locks')) && b.startsWith(join(home, '.svc', 'locks')));
  assert.ok(!b.slice(join(home, '.svc', 'locks').length + 1).includes('/'));
});
