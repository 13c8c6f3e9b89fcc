// The adb binary, for the host-side steps that are adb commands by definition (`adb install -r`) and the few
// shell calls of operator setup. argv arrays only (never a host shell); device-side words are single-quoted.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';

export interface AdbOutcome {
  stdout: string;
  stderr: string;
  code: number;
}

/** `-H/-P` from ADB_SERVER_SOCKET (tcp:host:port) or ANDROID_ADB_SERVER_PORT, so the user's server is used. */
export function serverArgs(env: Record<string, string | undefined>): string[] {
  const socket = /^tcp:(?:([^:]+):)?(\d+)$/.exec(env.ADB_SERVER_SOCKET ?? '');
  if (socket) return [...(socket[1] ? ['-H', socket[1]] : []), '-P', socket[2] ?? '5037'];
  return env.ANDROID_ADB_SERVER_PORT ? ['-P', env.ANDROID_ADB_SERVER_PORT] : [];
}

export function runAdbBinary(args: string[], env: Record<string, string | undefined>): Promise<AdbOutcome> {
  return new Promise((resolve, reject) => {
    // Loaded on first use: child_process costs a cold CLI ~2 ms, and adb runs only when its server is down.
    process
      .getBuiltinModule('node:child_process')
      .execFile(
        env.SVC_ADB_PATH ?? 'adb',
        [...serverArgs(env), ...args],
        { env: env as NodeJS.ProcessEnv, maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error && typeof error.code === 'number' ? error.code : error ? -1 : 0;
          if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
            reject(new SvcError('ADB_NOT_FOUND', 'adb was not found on PATH'));
            return;
          }
          resolve({ stdout: String(stdout), stderr: String(stderr), code });
        },
      );
  });
}

/** Runs one device shell command; every word is quoted for the device's sh. */
export function deviceShell(
  serial: string,
  words: string[],
  env: Record<string, string | undefined>,
): Promise<AdbOutcome> {
  return runAdbBinary(['-s', serial, 'shell', words.map(quoteShellArg).join(' ')], env);
}
