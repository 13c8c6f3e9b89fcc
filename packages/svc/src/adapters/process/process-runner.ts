// The process runner port: argv arrays only (execFile, never a host shell), and a PATH lookup that tells
// "binary missing" apart from "binary failed" without running anything.
import { access, constants } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

export interface ProcessOutcome {
  stdout: string;
  stderr: string;
  /** Exit status; -1 when the process died of a signal or could not start. */
  code: number;
}

export interface ProcessRunner {
  run(
    file: string,
    args: readonly string[],
    options?: { env?: Record<string, string | undefined>; timeoutMs?: number },
  ): Promise<ProcessOutcome>;
  /** Absolute path of an executable: `name` itself when it has a slash, else the first hit on env.PATH. */
  which(name: string, env: Record<string, string | undefined>): Promise<string | undefined>;
}

export const nodeProcessRunner: ProcessRunner = {
  run(file, args, options = {}) {
    return new Promise((resolve, reject) => {
      // Loaded on first use: child_process costs a cold CLI ~2 ms, and most calls never spawn anything.
      process
        .getBuiltinModule('node:child_process')
        .execFile(
          file,
          [...args],
          { env: options.env as NodeJS.ProcessEnv, timeout: options.timeoutMs ?? 0, maxBuffer: 16 * 1024 * 1024 },
          (error, stdout, stderr) => {
            if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT') return reject(error);
            const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
            resolve({ stdout: String(stdout), stderr: String(stderr), code });
          },
        );
    });
  },
  async which(name, env) {
    const candidates = name.includes('/')
      ? [name]
      : (env.PATH ?? '')
          .split(delimiter)
          .filter((dir) => dir.length > 0 && isAbsolute(dir))
          .map((dir) => join(dir, name));
    for (const candidate of candidates) {
      try {
        await access(candidate, constants.X_OK);
        return candidate;
      } catch {}
    }
    return undefined;
  },
};

/** True while a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
