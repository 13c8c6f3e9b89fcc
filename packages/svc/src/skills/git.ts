// git for the skills checkout, always with an argv array and never prompting (a prompt would hang a server); a
// remote's password goes through a credential helper, never argv, and is redacted from what svc reports.

import { nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { SvcError } from '../contracts/errors.ts';
import { credentialEnv, type GitCredentials, redactCredentials } from './git-credentials.ts';
import { runScript } from './process-group.ts';
import type { Env } from './types.ts';

/** A clone of a large skills repository over a slow link still finishes; a hung credential helper does not. */
const GIT_TIMEOUT_MS = 10 * 60_000;

export interface GitOptions {
  env: Env;
  cwd: string;
  /** A user and password for the remote, given to git by a credential helper (never on its argv). */
  credentials?: GitCredentials | undefined;
  /** git's own progress output (stderr, redrawn with \r), for a TTY. */
  onProgress?: ((chunk: string) => void) | undefined;
  processes?: ProcessRunner;
}

export async function git(args: readonly string[], options: GitOptions): Promise<string> {
  const { credentials } = options;
  const redact = (text: string) => redactCredentials(text, credentials);
  const onProgress = options.onProgress;
  const run = await runScript(options.processes ?? nodeProcessRunner, 'git', args, {
    cwd: options.cwd,
    env: {
      ...options.env,
      GIT_TERMINAL_PROMPT: '0',
      LC_ALL: 'C',
      ...(credentials ? credentialEnv(options.env, credentials) : {}),
    },
    timeoutMs: GIT_TIMEOUT_MS,
    ...(onProgress ? { onStderr: (chunk: string) => onProgress(redact(chunk)) } : {}),
  });
  if (run.exitCode === 0) return run.stdout.trim();
  const reason = run.timedOut ? `timed out after ${GIT_TIMEOUT_MS} ms` : run.stderr.trim() || `exit ${run.exitCode}`;
  throw new SvcError('SKILL_INSTALL_FAILED', `git ${args[0]} failed: ${redact(lastLine(reason))}`, {
    command: ['git', ...args].map(redact),
    exitCode: run.exitCode,
    stderr: redact(run.stderr),
  });
}

function lastLine(text: string): string {
  const lines = text.split(/[\r\n]+/).filter((line) => line.trim() !== '');
  return lines.at(-1) ?? text;
}

/** A ref the user typed; one starting with `-` would be read by git as an option. */
export function checkRef(ref: string): string {
  const trimmed = ref.trim();
  if (trimmed === '' || trimmed.startsWith('-') || /\s/.test(trimmed)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `Not a git ref: "${ref}".`, { path: 'ref' });
  }
  return trimmed;
}
