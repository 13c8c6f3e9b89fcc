// The lifecycle lock of one daemon key (`daemon-<key>.lock`, owner pid and start time inside): start, stop,
// restart and the proxy's spawn hold it, so two CLI calls never spawn two daemons for one key. A lock is stale, and
// reclaimed at once, when its owner is gone (exited, a zombie, or its pid now names another process), or when it
// is older than any lifecycle step can take (its owner hangs or the clock of a recycled pid fooled us).
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ownStartTime } from '../adapters/process/process-identity.ts';
import { SvcError } from '../contracts/errors.ts';
import { DAEMON_LIFECYCLE_LOCK_WAIT_MS } from '../core/config.ts';
import { type DaemonPaths, ensurePrivateDir } from './paths.ts';
import { isLiveProcess } from './process-state.ts';

export interface LifecycleLock {
  release(): void;
}

/** Longer than a start (3 s ready wait) plus a stop (3 s exit wait) with room to spare. */
export const LIFECYCLE_LOCK_MAX_AGE_MS = 30_000;

interface Owner {
  pid: number;
  startTime?: string;
  /** The text as read, so a reclaim removes only the lock it judged. */
  text: string;
}

function ownerOf(path: string): Owner | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    const [pidText, startTime] = text.trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? '', 10);
    if (!Number.isInteger(pid)) return undefined;
    return startTime === undefined ? { pid, text } : { pid, startTime, text };
  } catch {
    return undefined;
  }
}

function isStale(path: string, owner: Owner | undefined): boolean {
  if (owner === undefined || owner.pid === process.pid || !isLiveProcess(owner.pid, owner.startTime)) return true;
  try {
    return Date.now() - statSync(path).mtimeMs > LIFECYCLE_LOCK_MAX_AGE_MS;
  } catch {
    return true;
  }
}

/** Takes the lock, waiting up to `waitMs` for a live owner; a lock naming a dead (or no) process is reclaimed. */
export async function acquireLifecycleLock(
  path: string,
  waitMs = DAEMON_LIFECYCLE_LOCK_WAIT_MS,
): Promise<LifecycleLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mine = `${process.pid} ${ownStartTime() ?? ''}`.trim();
    try {
      writeFileSync(path, `${mine}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (ownerOf(path)?.text.trim() === mine) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = ownerOf(path);
    if (isStale(path, owner)) {
      // Stale (or half-written by a process that died): remove it only if it still is the lock we judged.
      if (ownerOf(path)?.text === owner?.text) rmSync(path, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new SvcError('DAEMON_START_FAILED', `The daemon lifecycle lock ${path} is held by pid ${owner?.pid}.`, {
        lockPath: path,
        holderPid: owner?.pid,
        timeoutMs: waitMs,
      });
    }
    await sleep(50);
  }
}

/** Runs `task` holding the lifecycle lock of `paths` (its private directory made or checked first). */
export async function withLifecycleLock<T>(paths: DaemonPaths, task: () => Promise<T>, waitMs?: number): Promise<T> {
  ensurePrivateDir(paths.dir);
  const lock = await acquireLifecycleLock(paths.lock, waitMs);
  try {
    return await task();
  } finally {
    lock.release();
  }
}
