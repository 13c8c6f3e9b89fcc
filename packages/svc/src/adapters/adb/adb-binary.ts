// The adb binary, for what is an adb client command by definition (`adb install -r`, `adb start-server`,
// `adb emu ...` to an emulator's console): which binary (SVC_ADB_PATH, else `adb` on PATH) and the server flags that
// point it at the same adb server svc talks to (ADB_SERVER_SOCKET, else ANDROID_ADB_SERVER_PORT). Device shell
// commands never come here: they go over the adb server protocol (AdbPort).

import { configuredServers, serverLabel, splitDeviceId } from '../../contracts/adb-servers.ts';
import type { Env } from '../../contracts/env.ts';
import { nonBlank } from '../../contracts/env.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ProcessOutcome, ProcessRunner, RunOptions } from '../process/process-runner.ts';
import { type AdbServerAddress, adbServerAddress } from './server-address.ts';

export function adbBinaryName(env: Env): string {
  return nonBlank(env.SVC_ADB_PATH) ?? 'adb';
}

/** `-H <host> -P <port>` of the adb server svc uses (omitted parts are adb's own defaults). */
export function adbServerArgs(env: Env): string[] {
  return serverArgs(configuredServers(env)?.[0] ?? adbServerAddress(env));
}

function serverArgs({ host, port }: Pick<AdbServerAddress, 'host' | 'port'>): string[] {
  return [...(host === '127.0.0.1' ? [] : ['-H', host]), '-P', String(port)];
}

/**
 * The adb arguments for `args`: a device id of another server (`-s <host>:<port>/<serial>`, several adb servers)
 * becomes that server's flags and the plain serial; anything else goes to the server svc uses.
 */
export function adbArgsFor(env: Env, args: readonly string[]): string[] {
  const at = args.indexOf('-s');
  const parts = at === -1 ? undefined : splitDeviceId(args[at + 1] ?? '');
  const server = parts && configuredServers(env)?.find((s) => serverLabel(s) === parts.server);
  if (parts === undefined || server === undefined) return [...adbServerArgs(env), ...args];
  return [...serverArgs(server), ...args.slice(0, at + 1), parts.serial, ...args.slice(at + 2)];
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
    return await processes.run(adb, adbArgsFor(env, args), { ...options, env });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new SvcError('ADB_NOT_FOUND', `adb was not found (${adb}); install Android platform-tools.`, { adb });
    }
    throw error;
  }
}
