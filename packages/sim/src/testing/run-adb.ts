// Runs the real adb binary against one adb server port (argv array, never a host shell).
import { execFile, spawn } from 'node:child_process';

export interface AdbResult<T> {
  stdout: T;
  stderr: string;
  code: number;
}

export function adbEnv(home: string, adbPort: number): Record<string, string> {
  return { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adbPort}`, ANDROID_ADB_SERVER_PORT: String(adbPort), HOME: home };
}

/** The environment adb runs with: ours, minus variables that would point it at another server, key or device. */
export function processEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['ANDROID_SERIAL', 'ANDROID_SDK_HOME', 'ANDROID_USER_HOME', 'ADB_VENDOR_KEYS', 'ADB_TRACE']) {
    delete out[name];
  }
  return out;
}

/** `input` is written to adb's stdin (then closed); without it adb's stdin is empty. */
export function runAdb(
  adbPort: number,
  env: Record<string, string>,
  args: string[],
  input?: Uint8Array,
): Promise<AdbResult<Buffer>> {
  return new Promise((resolve) => {
    const child = execFile(
      'adb',
      ['-P', String(adbPort), ...args],
      { env: processEnv(env), encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ stdout, stderr: stderr.toString('utf8'), code });
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** `adb start-server` forks a daemon that may keep inherited pipes open, so its stdio is not captured. */
export function startAdbServer(adbPort: number, env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('adb', ['-P', String(adbPort), 'start-server'], { env: processEnv(env), stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
