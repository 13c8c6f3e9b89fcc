// One child process to its end, as the process-runner port promises (process-runner.ts).

import { timerMs } from '../../contracts/limits.ts';
import { DEFAULT_TAIL_CHARS, TailBuffer } from './tail-buffer.ts';

export interface ProcessOutcome {
  /** stdout (its last maxOutputChars when capped). */
  stdout: string;
  stderr: string;
  /** Exit status; -1 when the process died of a signal or could not start. */
  code: number;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** options.signal stopped it. */
  aborted: boolean;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  durationMs: number;
}

export interface RunOptions {
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  timeoutMs?: number;
  /** Written to stdin, then stdin is closed (empty by default). */
  input?: string;
  signal?: AbortSignal | undefined;
  /** Lead a process group and kill the whole group on timeout, abort, or when the leader exits. */
  processGroup?: boolean;
  /** Time between SIGTERM and SIGKILL when a group is stopped (default 2000 ms). */
  killGraceMs?: number;
  /** Keep only the last this many characters of each stream (default 16 Mi for plain runs). */
  maxOutputChars?: number;
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
}

/** Plain runs keep much more than a skill's 1 Mi tail: tools such as `avdmanager list` print a lot. */
const PLAIN_CAPTURE_CHARS = 16 * DEFAULT_TAIL_CHARS;

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export function runChild(file: string, args: readonly string[], options: RunOptions = {}): Promise<ProcessOutcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // Loaded on first use: child_process costs a cold CLI ~2 ms, and most calls never spawn anything.
    const child = process.getBuiltinModule('node:child_process').spawn(file, [...args], {
      env: (options.env ?? process.env) as NodeJS.ProcessEnv,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      detached: options.processGroup === true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const cap = options.maxOutputChars ?? PLAIN_CAPTURE_CHARS;
    const stdout = new TailBuffer(cap);
    const stderr = new TailBuffer(cap);
    let timedOut = false;
    let aborted = false;
    let exited = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stop = () => {
      if (child.pid === undefined || exited || killTimer !== undefined) return;
      if (options.processGroup !== true) {
        child.kill('SIGKILL');
        return;
      }
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(
        () => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'),
        timerMs(options.killGraceMs ?? 2000),
      );
    };
    const timer =
      options.timeoutMs === undefined || options.timeoutMs <= 0
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            stop();
          }, timerMs(options.timeoutMs));
    const onAbort = () => {
      aborted = true;
      stop();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.push(chunk);
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    });
    child.stdin.on('error', () => {}); // the program may exit before reading its input
    child.stdin.end(options.input ?? '');
    child.on('exit', () => {
      exited = true;
      // A group ends with its leader: whatever it left behind (and the pipes those leftovers hold) goes too.
      if (options.processGroup === true && child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    });
    let finished = false;
    const finish = (code: number, signal: NodeJS.Signals | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        stdout: stdout.text(),
        stderr: stderr.text(),
        code,
        signal,
        timedOut,
        aborted,
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        durationMs: Math.round(performance.now() - started),
      });
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && !exited) {
        finished = true;
        clearTimeout(timer);
        reject(error);
        return;
      }
      if (!exited) {
        stderr.push(`${error.message}\n`);
        finish(-1, null);
      }
    });
    child.on('close', (code, signal) => finish(code ?? -1, signal));
  });
}
