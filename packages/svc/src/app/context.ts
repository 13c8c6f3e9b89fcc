// The ports every use case runs against, built once per process (CLI run, server, daemon). Use cases take the
// context (or the parts they need) as a parameter; tests build one with fakes or with the simulator's adb env.
import { homedir } from 'node:os';
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { createAdbServerPort } from '../adapters/adb/adb-server-port.ts';
import { type Clock, systemClock } from '../adapters/clock.ts';
import { type FileStore, nodeFileStore } from '../adapters/fs/file-store.ts';
import { isProcessAlive, nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { LogRouter } from '../executions/log-router.ts';

export type Env = Record<string, string | undefined>;

export interface SvcContext {
  readonly env: Env;
  readonly cwd: string;
  /** `$HOME` of env (tests give each suite its own), where `~/.svc/` lives. */
  readonly home: string;
  readonly adb: AdbPort;
  readonly clock: Clock;
  readonly files: FileStore;
  readonly processes: ProcessRunner;
  /** Routes operator log lines to waiting executions; keeps one follow per device warm in long-lived processes. */
  readonly logs: LogRouter;
  isProcessAlive(pid: number): boolean;
  /** Stops log follows and drops adb connections. */
  close(): Promise<void>;
}

export interface ContextOptions {
  env?: Env;
  cwd?: string;
  /** Long-lived processes (server, daemon): keep the device log follow running between executions. */
  keepLogStreams?: boolean;
  adb?: AdbPort;
  clock?: Clock;
  files?: FileStore;
  processes?: ProcessRunner;
  isProcessAlive?: (pid: number) => boolean;
}

export function createContext(opts: ContextOptions = {}): SvcContext {
  const env = opts.env ?? process.env;
  const processes = opts.processes ?? nodeProcessRunner;
  const clock = opts.clock ?? systemClock;
  const adb = opts.adb ?? createAdbServerPort(env, processes);
  const logs = new LogRouter(adb, clock, { keepAlive: opts.keepLogStreams ?? false });
  return {
    env,
    cwd: opts.cwd ?? process.cwd(),
    home: env.HOME?.trim() || homedir(),
    adb,
    clock,
    files: opts.files ?? nodeFileStore,
    processes,
    logs,
    isProcessAlive: opts.isProcessAlive ?? isProcessAlive,
    async close() {
      await logs.close();
      await adb.close();
    },
  };
}
