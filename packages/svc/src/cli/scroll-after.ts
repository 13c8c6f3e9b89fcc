// `scroll-until` with a selector asks for its target: a run that stopped at an edge, a limit or a still screen
// without the target showing is the command's failure (exit 1, `succeeded: false`, failedCode NODE_NOT_FOUND and
// why it stopped), although the execution's scroll_until step keeps its own success value (true for every stop but
// a missing container, as the action is specified). Without a selector it scrolls to an edge, which is its success.
import type { FlagBag } from '../builders/flag-values.ts';
import type { RunResult } from '../contracts/types.ts';
import type { AfterRun } from './observe-after.ts';

export const TARGET_FOUND = 'TARGET_FOUND';

export async function scrollUntilAfterRun(_flags: FlagBag): Promise<AfterRun> {
  return async (result: RunResult) => targetVerdict(result);
}

/** The run result, marked failed when a scroll_until with a matcher ended without its target. */
export function targetVerdict(result: RunResult): RunResult {
  if (!result.ok || !result.succeeded) return result;
  const step = (result.envelope.stepResults ?? []).find((s) => s.actionType === 'scroll_until');
  if (step === undefined || !step.success || step.data.termination_reason === TARGET_FOUND) return result;
  const reason = step.data.termination_reason ?? 'unknown';
  return {
    ...result,
    succeeded: false,
    failedStepId: step.id,
    failedCode: 'NODE_NOT_FOUND',
    hint: `The target was not found: scrolling stopped (${reason}) before it showed. Check the selector with \`svc snapshot --format compact\`, scroll the other way (--direction), or allow more (--max-scrolls).`,
  };
}
