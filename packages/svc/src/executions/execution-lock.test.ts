import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeZombie } from '../../test/security/zombie.ts';
import { systemClock } from '../adapters/clock.ts';
import { nodeFileStore } from '../adapters/fs/file-store.ts';
import { isRunningProcess, ownStartTime } from '../adapters/process/process-identity.ts';
import { acquireExecutionLock, type LockDeps, lockPath } from './execution-lock.ts';

const home = await mkdtemp(join(tmpdir(), 'svc-lock-'));
after(() => rm(home, { recursive: true, force: true, maxRetries: 5 }));

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

test("a wall clock jumped back holds a dead owner's settling lock no longer than the settle window", async () => {
  let now = 5_000_000_000;
  const clock = { ...systemClock, now: () => now };
  const held = await acquireExecutionLock(deps({ clock }), 'dev-j', 'pkg');
  assert.ok(held.ok);
  await held.lock.settle(2000);
  now -= 3_600_000; // the clock jumped back an hour: the stamp now lies an hour and 2 s ahead
  assert.equal((await acquireExecutionLock(deps({ clock }), 'dev-j', 'pkg')).ok, false, 'its live owner holds it');
  const taken = await acquireExecutionLock(deps({ clock, isAlive: () => false }), 'dev-j', 'pkg');
  assert.ok(taken.ok, 'its owner gone, the lock is reclaimed at once, not an hour later');
  await taken.lock.release();
});

test('serials with slashes and colons get distinct lock files inside the locks folder', () => {
  const a = lockPath(home, '127.0.0.1:5555');
  const b = lockPath(home, 'usb/1');
  assert.notEqual(a, b);
  assert.ok(a.startsWith(join(home, '.svc', 'locks')) && b.startsWith(join(home, '.svc', 'locks')));
  assert.ok(!b.slice(join(home, '.svc', 'locks').length + 1).includes('/'));
});

test('a lock naming a live pid that another process now uses (other start time) is reclaimed', async () => {
  const path = lockPath(home, 'dev-e');
  // The pid of this very test process, but a start time it never had: as after a reboot or pid wrap-around.
  await nodeFileStore.writeFile(
    path,
    JSON.stringify({ pid: process.pid, startTime: '1', token: 't', deviceId: 'dev-e', operatorPackage: 'p' }),
  );
  const taken = await acquireExecutionLock(deps({ isAlive: isRunningProcess }), 'dev-e', 'pkg');
  assert.ok(taken.ok, 'the stale lock was reclaimed');
  assert.equal(JSON.parse(await readFile(path, 'utf8')).startTime, ownStartTime());
  await taken.lock.release();
});

test('a lock whose owner is a zombie (exited, not reaped) is reclaimed', {
  skip: process.platform !== 'linux' && 'needs /proc',
}, async () => {
  const zombie = await makeZombie();
  try {
    const path = lockPath(home, 'dev-f');
    await nodeFileStore.writeFile(
      path,
      JSON.stringify({ pid: zombie.pid, token: 't', deviceId: 'dev-f', operatorPackage: 'p' }),
    );
    const taken = await acquireExecutionLock(deps({ isAlive: isRunningProcess }), 'dev-f', 'pkg');
    assert.ok(taken.ok, 'a zombie holds nothing');
    await taken.lock.release();
  } finally {
    zombie.release();
  }
});
