// Long-lived children (a device's daemon, an emulator) start in their own session with stdio to a file, so they
// outlive the CLI call that started them and never hold its pipes. The caller watches `exitCode`/`error`.
import { closeSync, constants, openSync, unlinkSync } from 'node:fs';
import { timerMs } from '../../contracts/limits.ts';

export interface DetachedOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** stdout and stderr go here (created 0600; appended, or emptied first with `truncateLog`). */
  logPath: string;
  truncateLog?: boolean;
  cwd?: string;
}

export interface DetachedProcess {
  readonly pid: number | undefined;
  /** Set when the process ended (128 + n for a signal). */
  readonly exitCode: number | undefined;
  /** Set when it could not start. */
  readonly error: string | undefined;
  /** Settles when the process ended or could not start. */
  readonly exited: Promise<void>;
  /** Stops its whole process group: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
  stopGroup(graceMs: number): Promise<void>;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The log, opened without following a link (O_NOFOLLOW): a link planted where the log goes would have the child
 * write into whatever file it names. A link found there is removed (the link itself, never its target) and the log
 * made anew, 0600.
 */
function openLog(path: string, truncate: boolean): number {
  const { O_APPEND, O_CREAT, O_NOFOLLOW, O_TRUNC, O_WRONLY } = constants;
  const flags = O_WRONLY | O_CREAT | O_NOFOLLOW | (truncate ? O_TRUNC : O_APPEND);
  try {
    return openSync(path, flags, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
    unlinkSync(path);
    return openSync(path, flags | constants.O_EXCL, 0o600);
  }
}

export function spawnDetached(file: string, args: readonly string[], options: DetachedOptions): DetachedProcess {
  const logFd = openLog(options.logPath, options.truncateLog === true);
  let settle: () => void = () => {};
  const state: { pid: number | undefined; exitCode: number | undefined; error: string | undefined } = {
    pid: undefined,
    exitCode: undefined,
    error: undefined,
  };
  const exited = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const stopGroup = async (graceMs: number) => {
    if (state.pid === undefined || state.exitCode !== undefined) return;
    signalGroup(state.pid, 'SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const lingering = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timerMs(graceMs));
    });
    const gone = await Promise.race([exited.then(() => true), lingering]);
    clearTimeout(timer);
    if (!gone) signalGroup(state.pid, 'SIGKILL');
  };
  try {
    const child = process.getBuiltinModule('node:child_process').spawn(file, [...args], {
      detached: true,
      stdio: ['ignore', logFd, logFd],
      env: options.env as NodeJS.ProcessEnv,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    state.pid = child.pid;
    child.on('error', (error) => {
      state.error = error.message;
      settle();
    });
    child.on('exit', (code, signal) => {
      state.exitCode = code ?? (signal ? 128 : 1);
      settle();
    });
    child.unref();
  } finally {
    closeSync(logFd);
  }
  return {
    get pid() {
      return state.pid;
    },
    get exitCode() {
      return state.exitCode;
    },
    get error() {
      return state.error;
    },
    exited,
    stopGroup,
  };
}
