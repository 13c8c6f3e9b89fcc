// Whether a pid written in a lock or pid file still names the process that wrote it. kill(pid, 0) is not enough:
// a zombie (exited, not yet reaped by its parent or a container's init) answers it though it holds nothing, and
// after a reboot or enough process churn the pid belongs to an unrelated process. On Linux a process's start time
// (field 22 of /proc/<pid>/stat, in clock ticks since boot) tells the two apart: a lock records its owner's, and a
// live process with another start time is someone else. Elsewhere only the pid can be checked.
import { readFileSync } from 'node:fs';
import { isProcessAlive } from './process-runner.ts';

export interface ProcessState {
  /** Exists and has not exited (a zombie has). */
  running: boolean;
  /** Its start time, where the platform tells (Linux); undefined when gone or unknown. */
  startTime?: string;
}

export function processState(pid: number): ProcessState {
  if (!Number.isInteger(pid) || pid <= 0) return { running: false };
  if (process.platform !== 'linux') return { running: isProcessAlive(pid) };
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { running: false };
  }
  // `pid (comm) S ppid ...`: comm may hold spaces and parentheses; the fields follow the last `)`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  if (state === 'Z' || state === 'X' || state === 'x') return { running: false };
  const startTime = fields[19];
  return startTime === undefined ? { running: true } : { running: true, startTime };
}

let own: string | undefined | null = null;

/** This process's start time (read once). */
export function ownStartTime(): string | undefined {
  if (own === null) own = processState(process.pid).startTime;
  return own;
}

/**
 * True while `pid` runs and, when both start times are known, is the process that recorded `startTime`. An
 * unknown start time (another platform, an older lock) falls back to the pid alone.
 */
export function isRunningProcess(pid: number, startTime?: string): boolean {
  const state = processState(pid);
  if (!state.running) return false;
  return startTime === undefined || state.startTime === undefined || state.startTime === startTime;
}
