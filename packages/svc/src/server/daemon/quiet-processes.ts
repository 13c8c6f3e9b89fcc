// The daemon starts an adb server only on behalf of a request, as a direct CLI call would. Between requests its
// warm log follows retry on their own; if the adb server went away (the user, or a test lab, killed it), a retry
// must not quietly start a new one that nobody asked for and nobody will stop.
import { nodeProcessRunner, type ProcessRunner, plainOutcome } from '../../adapters/process/process-runner.ts';

export interface AdbStartGuard {
  readonly processes: ProcessRunner;
  /** Runs a request's work; adb server starts are allowed while any request is running. */
  during<T>(work: () => Promise<T>): Promise<T>;
}

export function guardAdbServerStarts(inner: ProcessRunner = nodeProcessRunner): AdbStartGuard {
  let active = 0;
  return {
    processes: {
      ...inner,
      run(file, args, options) {
        if (active === 0 && args.includes('start-server')) {
          return Promise.resolve(plainOutcome('', 'svc daemon: no request in flight', 1));
        }
        return inner.run(file, args, options);
      },
    },
    async during(work) {
      active++;
      try {
        return await work();
      } finally {
        active--;
      }
    },
  };
}
