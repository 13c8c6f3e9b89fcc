// The ports of the emulator use cases: environment, adb, the process runner, progress reporting and time (tests
// shorten the waits).
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { createAdbServerPort } from '../adapters/adb/adb-server-port.ts';
import { nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { timerMs } from '../contracts/limits.ts';
import type { Env } from './avd-home.ts';
import { createEmulatorAdb, type EmulatorAdb } from './emulator-adb.ts';

export interface EmulatorDeps {
  env: Env;
  adb: EmulatorAdb;
  processes: ProcessRunner;
  /** Progress for long steps (boot can take minutes); the CLI shows it on a TTY. */
  onProgress: (message: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Poll interval of the registration and boot waits. */
  pollMs: number;
  /** How often a long wait reports that it is still waiting. */
  heartbeatMs: number;
  /** Drops the adb connections these deps opened themselves (none when the caller gave its own port). */
  close(): Promise<void>;
}

export interface EmulatorPorts {
  adb?: AdbPort;
  processes?: ProcessRunner;
}

export function createEmulatorDeps(
  env: Env,
  onProgress: (message: string) => void = () => {},
  ports: EmulatorPorts = {},
): EmulatorDeps {
  const processes = ports.processes ?? nodeProcessRunner;
  const own = ports.adb === undefined ? createAdbServerPort(env, processes) : undefined;
  return {
    env,
    adb: createEmulatorAdb(env, ports.adb ?? (own as AdbPort), processes),
    processes,
    close: async () => {
      await own?.close();
    },
    onProgress,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, timerMs(ms))),
    now: () => Date.now(),
    pollMs: 250,
    heartbeatMs: 10_000,
  };
}

/**
 * Waits until `probe` returns a value, or the deadline passes (undefined). With `waitingFor`, says every
 * `heartbeatMs` how long it has been waiting, so a person watching a minutes-long boot sees it is alive.
 */
export async function pollUntil<T>(
  deps: EmulatorDeps,
  deadline: number,
  probe: () => Promise<T | undefined>,
  waitingFor?: string,
): Promise<T | undefined> {
  const started = deps.now();
  let nextBeat = started + deps.heartbeatMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    const now = deps.now();
    if (now >= deadline) return undefined;
    if (waitingFor !== undefined && now >= nextBeat) {
      const total = Math.round((deadline - started) / 1000);
      deps.onProgress(`still waiting for ${waitingFor} (${Math.round((now - started) / 1000)} s of ${total} s)`);
      nextBeat = now + deps.heartbeatMs;
    }
    await deps.sleep(Math.min(deps.pollMs, Math.max(1, deadline - now)));
  }
}

/** Waits until `serial` is gone from adb's device list; false when it is still listed at `deadline`. */
export async function leftAdb(deps: EmulatorDeps, serial: string, deadline: number): Promise<boolean> {
  const gone = await pollUntil(
    deps,
    deadline,
    async () => ((await deps.adb.devices()).some((device) => device.serial === serial) ? undefined : true),
    `${serial} to leave adb`,
  );
  return gone === true;
}
