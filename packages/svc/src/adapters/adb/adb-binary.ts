// The adb binary, for what is an adb client command by definition (`adb install -r`, `adb start-server`,
// `adb emu ...` to an emulator's console): which binary (SVC_ADB_PATH, else `adb` on PATH) and the server flags that
// point it at the same adb server svc talks to (ADB_SERVER_SOCKET, else ANDROID_ADB_SERVER_PORT). Device shell
// commands never come here: they go over the adb server protocol (AdbPort).
import type { Env } from '../../contracts/env.ts';
import { nonBlank } from '../../contracts/env.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ProcessOutcome, ProcessRunner, RunOptions } from '../process/process-runner.ts';
import { adbServerAddress } from './server-address.ts';

export function adbBinaryName(env: Env): string {
  return nonBlank(env.SVC_ADB_PATH) ?? 'adb';
}

/** `-H <host> -P <port>` of the adb server svc uses (omitted parts are adb's own defaults). */
export function adbServerArgs(env: Env): string[] {
  const { host, port } = adbServerAddress(env);
  const args = host === '127.0.0.1' ? [] : ['-H', host];
  return [...args, '-P', String(port)];
}

/** Runs `adb <server flags> <args>`; ADB_NOT_FOUND when there is no adb binary. */
export async function runAdbBinary(
  processes: ProcessRunner,
  env: Env,
  args: readonly string[],
  options: Omit<RunOptions, 'env'> = {},
): Promise<ProcessOutcome> {
  const adb = adbBinaryName(env);
  try {
    return await processes.run(adb, [...adbServerArgs(env), ...args], { ...options, env });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SvcError('ADB_NOT_FOUND', `adb was not found (${adb}); install Android platform-tools.`, { adb });
    }
    throw error;
  }
}
