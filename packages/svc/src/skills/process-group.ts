// Runs a skill script through the process runner as the leader of its own process group, so a timeout or a cancel
// kills everything it started (killing only the child would leave grandchildren running and holding our pipes
// open). Arguments are an argv array: nothing passes through a shell. Each stream keeps its last OUTPUT_CAP_CHARS.
import type { ProcessRunner } from '../adapters/process/process-runner.ts';
import { OUTPUT_CAP_CHARS } from './output-capture.ts';

export interface ScriptRunOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** Each chunk as it arrives (pretty mode streams it to the terminal). */
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  /** Aborting stops the whole group the same way a timeout does (an HTTP client that went away). */
  signal?: AbortSignal | undefined;
}

export interface ScriptRun {
  /** null when the script was killed by a signal or could not start. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The last OUTPUT_CAP_CHARS of stdout. */
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
}

export async function runScript(
  processes: ProcessRunner,
  file: string,
  args: readonly string[],
  options: ScriptRunOptions,
): Promise<ScriptRun> {
  try {
    const out = await processes.run(file, args, {
      ...options,
      processGroup: true,
      maxOutputChars: OUTPUT_CAP_CHARS,
    });
    const killed = out.signal !== null || out.timedOut || out.aborted || out.code === -1;
    return {
      exitCode: killed ? null : out.code,
      signal: out.signal,
      stdout: out.stdout,
      stderr: out.stderr,
      stdoutTruncated: out.stdoutTruncated,
      stderrTruncated: out.stderrTruncated,
      timedOut: out.timedOut,
      aborted: out.aborted,
      durationMs: out.durationMs,
    };
  } catch (error) {
    // The script's interpreter or file could not start at all.
    return {
      exitCode: null,
      signal: null,
      stdout: '',
      stderr: `${(error as Error).message}\n`,
      stdoutTruncated: false,
      stderrTruncated: false,
      timedOut: false,
      aborted: false,
      durationMs: 0,
    };
  }
}
