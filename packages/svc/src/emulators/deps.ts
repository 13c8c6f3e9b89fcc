// The ports of the emulator use cases: environment, adb, progress reporting and time (tests shorten the waits).
import type { Env } from './avd-home.ts';
import { createEmulatorAdb, type EmulatorAdb } from './emulator-adb.ts';

export interface EmulatorDeps {
  env: Env;
  adb: EmulatorAdb;
  /** Progress for long steps (boot can take minutes); the CLI shows it on a TTY. */
  onProgress: (message: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** Poll interval of the registration and boot waits. */
  pollMs: number;
}

export function createEmulatorDeps(env: Env, onProgress: (message: string) => void = () => {}): EmulatorDeps {
  return {
    env,
    adb: createEmulatorAdb(env),
    onProgress,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    pollMs: 250,
  };
}

/** Waits until `probe` returns a value, or the deadline passes (undefined). */
export async function pollUntil<T>(
  deps: EmulatorDeps,
  deadline: number,
  probe: () => Promise<T | undefined>,
): Promise<T | undefined> {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (deps.now() >= deadline) return undefined;
    await deps.sleep(deps.pollMs);
  }
}
