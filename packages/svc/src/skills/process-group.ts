// Runs a skill script as the leader of its own process group, so a timeout can kill everything it started
// (`process.kill(-pid)` signals the whole group; killing only the child would leave grandchildren running and
// holding our pipes open). Arguments are an argv array: nothing passes through a shell.
import { spawn } from 'node:child_process';
import { OUTPUT_CAP_CHARS, TailBuffer } from './output-capture.ts';

export interface GroupRunOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** The tail of each stream the result keeps (default OUTPUT_CAP_CHARS); the callbacks still see everything. */
  maxOutputChars?: number;
  /** Each chunk as it arrives (pretty mode streams it to the terminal). */
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  /** Time a timed-out group gets between SIGTERM and SIGKILL. */
  killGraceMs?: number;
  /** Aborting stops the whole group the same way a timeout does (an HTTP client that went away). */
  signal?: AbortSignal | undefined;
}

export interface GroupRun {
  /** null when the script was killed by a signal or could not start. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The last maxOutputChars of stdout. */
  stdout: string;
  stderr: string;
  /** True when the front of the stream was dropped to stay within maxOutputChars. */
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  /** True when options.signal stopped the run. */
  aborted: boolean;
  durationMs: number;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export function runInProcessGroup(file: string, args: readonly string[], options: GroupRunOptions): Promise<GroupRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = new TailBuffer(options.maxOutputChars ?? OUTPUT_CAP_CHARS);
    const stderr = new TailBuffer(options.maxOutputChars ?? OUTPUT_CAP_CHARS);
    let timedOut = false;
    let aborted = false;
    let exited = false;
    let killTimer: NodeJS.Timeout | undefined;
    const stopGroup = () => {
      if (child.pid === undefined || exited || killTimer !== undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      killTimer = setTimeout(
        () => child.pid !== undefined && signalGroup(child.pid, 'SIGKILL'),
        options.killGraceMs ?? 2000,
      );
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      stopGroup();
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
    // The run ends with the script: whatever it left behind in its group is killed, which also closes the pipes
    // those leftovers held (a daemon the script starts detaches into its own group and is not touched).
    child.on('exit', () => {
      exited = true;
      if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
    });
    let finished = false;
    const finish = (exitCode: number | null, signal: NodeJS.Signals | null, extraStderr = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener('abort', onAbort);
      if (extraStderr !== '') stderr.push(extraStderr);
      const stdoutText = stdout.text();
      const stderrText = stderr.text();
      resolve({
        exitCode,
        signal,
        stdout: stdoutText,
        stderr: stderrText,
        stdoutTruncated: stdout.truncated,
        stderrTruncated: stderr.truncated,
        timedOut,
        aborted,
        durationMs: Math.round(performance.now() - started),
      });
    };
    // A script that cannot start (missing, not executable) reports here, possibly without a 'close'.
    child.on('error', (error) => {
      if (!exited) finish(null, null, `${error.message}\n`);
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}
