// The clock port: wall time for lock files and temp names, monotonic time for deadlines, and an abortable sleep.
import { setTimeout as sleepFor } from 'node:timers/promises';
import { timerMs } from '../contracts/limits.ts';

export interface Clock {
  /** Epoch milliseconds (shared across processes: lock files). */
  now(): number;
  /** Monotonic milliseconds (deadlines inside one process). */
  monotonic(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // process.hrtime, not performance.now(): the first use of the `performance` global loads perf_hooks (~1 ms of a
  // cold direct call).
  monotonic: () => Number(process.hrtime.bigint()) / 1e6,
  sleep: (ms, signal) => sleepFor(timerMs(ms), undefined, signal === undefined ? {} : { signal }),
};
