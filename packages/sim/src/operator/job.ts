// The slice of kotlinx.coroutines the app's behaviour depends on: cancellation that surfaces only at suspension
// points (delay, withContext, gestures), `withTimeout` (AgentCommandExecutorDefault.kt:36-39, TaskUiScopeDefault.kt:
// 259-264) and the command mutex (AgentCommandExecutorDefault.kt:20,29-39). Time comes from a Clock, so tests run the
// app's waits on a virtual clock and prove their bounds without timing anything.
import { CancellationException, TimeoutCancellationException } from './kotlin.ts';

export interface Clock {
  now(): number;
  /** Calls `fn` after `ms`; returns a cancel function. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const REAL_CLOCK: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(t);
  },
};

export class Job {
  readonly clock: Clock;
  readonly #parent: Job | undefined;
  #cause: CancellationException | undefined;
  readonly #listeners = new Set<(cause: CancellationException) => void>();

  constructor(clock: Clock, parent?: Job) {
    this.clock = clock;
    this.#parent = parent;
    // A cancelled parent cancels its children with its own cause (JobSupport.getChildJobCancellationCause).
    parent?.onCancel((cause) => this.cancel(cause));
  }

  get cancellation(): CancellationException | undefined {
    return this.#cause ?? this.#parent?.cancellation;
  }

  cancel(cause: CancellationException): void {
    if (this.#cause) return;
    this.#cause = cause;
    for (const listener of [...this.#listeners]) listener(cause);
  }

  onCancel(listener: (cause: CancellationException) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** `ensureActive()`: what every suspension point does first. */
  ensureActive(): void {
    const cause = this.cancellation;
    if (cause) throw cause;
  }

  /** `delay(ms)`: cancellable. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const cause = this.cancellation;
      if (cause) return reject(cause);
      const stopTimer = this.clock.setTimer(ms, () => {
        stopListening();
        resolve();
      });
      const stopListening = this.onCancel((c) => {
        stopTimer();
        reject(c);
      });
    });
  }
}

/**
 * `withTimeout(ms) { block }`: the block runs in a child job cancelled after `ms` with a TimeoutCancellationException.
 * Once cancelled, the outcome is the cancellation even when the block swallowed it and returned, unless the block
 * failed with another exception (JobSupport.getFinalRootCause prefers a real exception).
 */
export async function withTimeout<T>(job: Job, ms: number, block: (child: Job) => Promise<T>): Promise<T> {
  job.ensureActive();
  const child = new Job(job.clock, job);
  const stop = job.clock.setTimer(ms, () => child.cancel(new TimeoutCancellationException(ms)));
  try {
    const value = await block(child);
    child.ensureActive();
    return value;
  } catch (thrown) {
    const cause = child.cancellation;
    if (cause && thrown instanceof CancellationException) throw cause;
    throw thrown;
  } finally {
    stop();
  }
}

/** kotlinx.coroutines.sync.Mutex: FIFO, the wait for it is cancellable. */
export class Mutex {
  #locked = false;
  readonly #waiters: (() => void)[] = [];

  get isLocked(): boolean {
    return this.#locked;
  }

  async lock(job: Job): Promise<void> {
    job.ensureActive();
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = () => {
        stop();
        resolve();
      };
      const stop = job.onCancel((cause) => {
        const i = this.#waiters.indexOf(waiter);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(cause);
      });
      this.#waiters.push(waiter);
    });
  }

  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}
