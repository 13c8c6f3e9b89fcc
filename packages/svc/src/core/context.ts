// The ports every use case runs against, built once per process (CLI run, server, daemon). Use cases take the
// context (or the parts they need) as a parameter; tests build one with fakes or with the simulator's adb env.
// The core knows nothing of the use cases above it: state a use case keeps per process (the device log follows,
// the driver chosen per device) lives in `shared`, created by that use case on first use and closed with the context.
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { createAdbServerPort } from '../adapters/adb/adb-server-port.ts';
import { type Clock, systemClock } from '../adapters/clock.ts';
import { type FileStore, nodeFileStore } from '../adapters/fs/file-store.ts';
import { isProcessAlive, nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { type Env, homeOf } from '../contracts/env.ts';
import { osHomedir } from './home.ts';

export type { Env } from '../contracts/env.ts';

/** Per-process state of a use case: closed when the context closes. */
export interface SharedState {
  close?(): Promise<void>;
}

export interface SvcContext {
  readonly env: Env;
  readonly cwd: string;
  /** `$HOME` of env (tests give each suite its own), where `~/.svc/` lives. */
  readonly home: string;
  readonly adb: AdbPort;
  readonly clock: Clock;
  readonly files: FileStore;
  readonly processes: ProcessRunner;
  /** A long-lived process (server, daemon): per-device state such as log follows stays warm between executions. */
  readonly longLived: boolean;
  isProcessAlive(pid: number): boolean;
  /** The state a use case keeps under `key` in this context, created on first use. */
  shared<T extends SharedState>(key: symbol, create: () => T): T;
  /** Closes every shared state (log follows stop), then drops adb connections. */
  close(): Promise<void>;
}

export interface ContextOptions {
  env?: Env;
  cwd?: string;
  /** Long-lived processes (server, daemon): keep the device log follow running between executions. */
  longLived?: boolean;
  adb?: AdbPort;
  clock?: Clock;
  files?: FileStore;
  processes?: ProcessRunner;
  isProcessAlive?: (pid: number) => boolean;
}

export function createContext(opts: ContextOptions = {}): SvcContext {
  const env = opts.env ?? process.env;
  const processes = opts.processes ?? nodeProcessRunner;
  const adb = opts.adb ?? createAdbServerPort(env, processes);
  const states = new Map<symbol, SharedState>();
  return {
    env,
    cwd: opts.cwd ?? process.cwd(),
    home: homeOf(env, osHomedir),
    adb,
    clock: opts.clock ?? systemClock,
    files: opts.files ?? nodeFileStore,
    processes,
    longLived: opts.longLived ?? false,
    isProcessAlive: opts.isProcessAlive ?? isProcessAlive,
    shared<T extends SharedState>(key: symbol, create: () => T): T {
      let state = states.get(key);
      if (state === undefined) {
        state = create();
        states.set(key, state);
      }
      return state as T;
    },
    async close() {
      const open = [...states.values()];
      states.clear();
      await Promise.all(open.map((state) => state.close?.()));
      await adb.close();
    },
  };
}
