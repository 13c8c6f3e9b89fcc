// The one error for an SDK tool that ran and failed (non-zero exit or its timeout): the last lines of its output in
// the message, the whole stderr in details.
import { SvcError } from '../contracts/errors.ts';
import type { ToolRun } from './run-tool.ts';

export function toolFailed(tool: string, args: readonly string[], run: ToolRun, timeoutMs?: number): SvcError {
  const tail = (run.stderr || run.stdout).trim().split('\n').slice(-5).join('\n');
  const what = run.timedOut ? `timed out after ${timeoutMs ?? '?'} ms` : `failed (exit ${run.code})`;
  return new SvcError('ANDROID_SDK_TOOL_FAILED', `${tool} ${args[0] ?? ''} ${what}${tail ? `: ${tail}` : ''}`, {
    tool,
    args: [...args],
    exitCode: run.code,
    timedOut: run.timedOut,
    stderr: run.stderr,
  });
}
