// The in-flight lock, shared across processes: one lock file per device under ~/.svc/locks/, holding the owner's
// pid and start time. Per device, whatever the operator package or driver: two executions on one screen would fight
// over it. The file is named by the device's key (devices/device-key.ts), not by how a caller spelled the device. A lock whose owner is gone is reclaimed: exited, a zombie, or a pid now used by another process (its
// start time differs). After a timeout the owner marks it `settleUntil` (2000 ms), which holds even if the owner
// exits right away.
import { join } from 'node:path';
import type { Clock } from '../adapters/clock.ts';
import type { FileStore } from '../adapters/fs/file-store.ts';
import { ownStartTime } from '../adapters/process/process-identity.ts';
import { SvcError } from '../contracts/errors.ts';
import { timerMs } from '../contracts/limits.ts';
import { SETTLE_MS } from '../core/config.ts';

export interface LockDeps {
  files: FileStore;
  clock: Clock;
  home: string;
  /** The owner runs and, when `startTime` is known, is the process that recorded it. */
  isAlive(pid: number, startTime?: string): boolean;
}

interface LockRecord {
  pid: number;
  /** The owner's start time (Linux), so a reused pid does not hold the lock. */
  startTime?: string;
  token: string;
  deviceId: string;
  /** The device's key, when the caller named it another way. */
  device?: string;
  operatorPackage: string;
  acquiredAt: number;
  settleUntil?: number;
}

export interface HeldLock {
  readonly path: string;
  release(): Promise<void>;
  /** Keeps the lock `ms` longer (SPEC 3.1 settling), then releases it. */
  settle(ms: number): Promise<void>;
}

export type LockAttempt = { ok: true; lock: HeldLock } | { ok: false; holder: Partial<LockRecord> };

export function lockPath(home: string, deviceKey: string): string {
  // encodeURIComponent keeps every distinct key distinct and leaves no `/` in the name.
  return join(home, '.svc', 'locks', `${encodeURIComponent(deviceKey)}.lock`);
}

/** Takes the lock of the device `deviceKey` names (the caller's `deviceId` by default) for `deviceId`. */
export async function acquireExecutionLock(
  deps: LockDeps,
  deviceId: string,
  operatorPackage: string,
  deviceKey: string = deviceId,
): Promise<LockAttempt> {
  const path = lockPath(deps.home, deviceKey);
  try {
    return await attempt(deps, path, deviceId, operatorPackage, deviceKey);
  } catch (error) {
    throw unusable(error, path, deviceId) ?? error;
  }
}

/**
 * What stands where the lock file goes and cannot be one (a directory, a file where the locks folder should be, a
 * folder svc may not write): a clear error naming the path, not a host-side failure.
 */
function unusable(error: unknown, path: string, deviceId: string): SvcError | undefined {
  const code = (error as NodeJS.ErrnoException)?.code;
  const why = code === undefined ? undefined : UNUSABLE[code];
  if (why === undefined) return undefined;
  return new SvcError('LOCK_FILE_UNUSABLE', `The execution lock of ${deviceId} cannot be used: ${why}.`, {
    deviceId,
    path,
    reason: code,
  });
}

const UNUSABLE: Record<string, string> = {
  EISDIR: 'its lock file is a directory',
  ENOTDIR: 'a file stands where its folder should be',
  EEXIST: 'a file stands where its folder should be',
  EACCES: 'its folder may not be written',
  EPERM: 'its folder may not be written',
  EROFS: 'its folder is on a read-only file system',
};

async function attempt(
  deps: LockDeps,
  path: string,
  deviceId: string,
  operatorPackage: string,
  deviceKey: string,
): Promise<LockAttempt> {
  const startTime = ownStartTime();
  const record: LockRecord = {
    pid: process.pid,
    ...(startTime === undefined ? {} : { startTime }),
    // Unique per acquisition, not secret: node:crypto would cost a cold CLI ~3 ms to load for this alone.
    token: `${process.pid}-${process.hrtime.bigint()}-${Math.random().toString(36).slice(2)}`,
    deviceId,
    ...(deviceKey === deviceId ? {} : { device: deviceKey }),
    operatorPackage,
    acquiredAt: deps.clock.now(),
  };
  // Two rounds: the second follows the reclaim of a stale lock.
  for (let round = 0; round < 2; round++) {
    if (await deps.files.createExclusive(path, JSON.stringify(record)))
      return { ok: true, lock: heldLock(deps, path, record) };
    const text = await deps.files.readText(path);
    if (text === undefined) continue; // released between our two calls
    const holder = parseRecord(text);
    // A file that names no owner (hand-edited, truncated disk) cannot be held by anyone: reclaim it too.
    if (holder !== undefined && isHeld(holder, deps)) return { ok: false, holder };
    await reclaim(deps, path, text, record.token);
  }
  const holder = parseRecord((await deps.files.readText(path)) ?? '');
  return { ok: false, holder: holder ?? {} };
}

/**
 * A live owner holds its lock; a settling lock holds until its stamp, owner or not, but never longer than a settle
 * window from now: a stamp further ahead was written before the wall clock jumped back, or is not ours to trust
 * (it would refuse every execution for as long as it says). Such a lock holds only while its owner lives, whose
 * timer (on the monotonic clock) ends the settling on time.
 */
function isHeld(holder: LockRecord, deps: LockDeps): boolean {
  const alive = () => deps.isAlive(holder.pid, holder.startTime);
  if (holder.settleUntil === undefined) return alive();
  const left = holder.settleUntil - deps.clock.now();
  if (!Number.isFinite(left) || left > SETTLE_MS) return alive();
  return left > 0;
}

/**
 * Moves the stale file aside and deletes it. If another process replaced it with a fresh lock between our read and
 * the move, the moved file is not the stale one: put it back (create-if-absent) and let the caller see a conflict.
 */
async function reclaim(deps: LockDeps, path: string, staleText: string, token: string): Promise<void> {
  const aside = `${path}.reclaim-${token}`;
  if (!(await deps.files.move(path, aside))) return;
  const moved = await deps.files.readText(aside);
  if (moved !== undefined && moved !== staleText) await deps.files.createExclusive(path, moved);
  await deps.files.remove(aside);
}

function heldLock(deps: LockDeps, path: string, record: LockRecord): HeldLock {
  let done = false;
  const releaseIfOurs = async () => {
    const text = await deps.files.readText(path);
    if (text !== undefined && parseRecord(text)?.token === record.token) await deps.files.remove(path);
  };
  return {
    path,
    async release() {
      if (done) return;
      done = true;
      await releaseIfOurs();
    },
    async settle(ms) {
      if (done) return;
      done = true;
      await deps.files.replace(path, JSON.stringify({ ...record, settleUntil: deps.clock.now() + ms }));
      // unref: a CLI process may exit now; the settleUntil stamp keeps the lock until it passes, then it is stale.
      setTimeout(() => void releaseIfOurs().catch(() => {}), timerMs(ms)).unref();
    },
  };
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const value = JSON.parse(text) as LockRecord;
    if (typeof value.pid !== 'number' || typeof value.token !== 'string') return undefined;
    if (value.settleUntil !== undefined && typeof value.settleUntil !== 'number') return undefined;
    if (value.startTime !== undefined && typeof value.startTime !== 'string') return undefined;
    return value;
  } catch {
    return undefined;
  }
}
