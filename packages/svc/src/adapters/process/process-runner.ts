// The process-runner port: every child process of svc starts here. argv arrays only (never a host shell), an env
// per call, a timeout, an AbortSignal, optional stdin, streaming callbacks, bounded capture, and, for scripts that
// start children of their own, a process group that is killed as a whole (on timeout, abort, or when the leader
// exits: leftovers would hold our pipes open). Long-lived children (the daemon, an emulator) start detached.
import { type CommandLineReader, commandLineOf } from './command-line.ts';
import { type DetachedOptions, type DetachedProcess, spawnDetached } from './detached.ts';
import { type ProcessOutcome, type RunOptions, runChild } from './run-child.ts';
import { which } from './which.ts';

export type { ProcessOutcome, RunOptions } from './run-child.ts';

export interface ProcessRunner {
  /**
   * Runs a program to its end. Rejects (ENOENT) only when the program does not exist, so callers can tell "binary
   * missing" from "binary failed"; every other outcome resolves.
   */
  run(file: string, args: readonly string[], options?: RunOptions): Promise<ProcessOutcome>;
  /** Starts a long-lived program in its own session (stdio to a file), not waited for. */
  spawnDetached(file: string, args: readonly string[], options: DetachedOptions): DetachedProcess;
  /** Absolute path of an executable: `name` itself when it has a slash, else the first hit on env.PATH. */
  which(name: string, env: Readonly<Record<string, string | undefined>>): Promise<string | undefined>;
  /** The argv of a live process, or undefined when it is gone or cannot be read. */
  readonly argvOf: CommandLineReader;
}

export type { DetachedOptions, DetachedProcess } from './detached.ts';

export const nodeProcessRunner: ProcessRunner = {
  run: runChild,
  spawnDetached,
  which,
  argvOf: commandLineOf,
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

/** A finished run with nothing remarkable: for port wrappers and fakes that answer without running anything. */
export function plainOutcome(stdout: string, stderr: string, code: number): ProcessOutcome {
  return {
    stdout,
    stderr,
    code,
    signal: null,
    timedOut: false,
    aborted: false,
    stdoutTruncated: false,
    stderrTruncated: false,
    durationMs: 0,
  };
}
