// Counts executions the server has started and not yet answered, so a graceful shutdown can wait for them.

export interface InFlightTracker {
  /** Runs `work` while counting it as in flight. */
  track<T>(work: () => Promise<T>): Promise<T>;
  readonly count: number;
  /** Resolves when nothing is in flight (immediately if already idle). */
  idle(): Promise<void>;
}

export function createInFlightTracker(): InFlightTracker {
  let count = 0;
  let waiters: (() => void)[] = [];
  const settle = () => {
    count -= 1;
    if (count > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  return {
    async track(work) {
      count += 1;
      try {
        return await work();
      } finally {
        settle();
      }
    },
    get count() {
      return count;
    },
    idle() {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
