// The lifecycle lock of one daemon key (`daemon-<key>.lock`, owner pid inside): start, stop, restart and the
// proxy's spawn hold it, so two CLI calls never spawn two daemons for one key. A lock whose owner process is gone
// is stale and reclaimed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { SvcError } from '../contracts/errors.ts';
import { DAEMON_LIFECYCLE_LOCK_WAIT_MS } from '../core/config.ts';
import { type DaemonPaths, ensurePrivateDir } from './paths.ts';
import { isLiveProcess } from './process-state.ts';

export interface LifecycleLock {
  release(): void;
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock, waiting up to `waitMs` for a live owner; a lock naming a dead (or no) process is reclaimed. */
export async function acquireLifecycleLock(
  path: string,
  waitMs = DAEMON_LIFECYCLE_LOCK_WAIT_MS,
): Promise<LifecycleLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (ownerOf(path) === process.pid) rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = ownerOf(path);
    if (owner === undefined || owner === process.pid || !isLiveProcess(owner)) {
      // Stale (or half-written by a process that died): remove it only if it still names the same owner.
      if (ownerOf(path) === owner) rmSync(path, { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new SvcError('DAEMON_START_FAILED', `The daemon lifecycle lock ${path} is held by pid ${owner}.`, {
        lockPath: path,
        holderPid: owner,
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
