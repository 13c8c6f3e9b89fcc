// A selector that finds nothing (or finds a view that takes no text, for typing) on a screen that is not moving fails at once, instead of after the whole retry
// policy (seconds of waiting for an element that a still screen will not show). The screen is still when the read
// that missed is the one the caller last read (nothing moved since it looked), or when a second look a moment
// later shows the same elements. While the screen keeps changing (an app starting, a list loading), the action's
// retry policy runs on. A caller that asked to wait (its own retry object, the wait actions, a timeout of its own for
// the execution) keeps its waiting.
import type { ActionType } from '../../../contracts/types.ts';
import { readScreen as compactScreen, type UiTree } from '../../../ui/index.ts';
import type { StepContext, StepFailure } from './step.ts';

/** The second look at a screen a selector missed on: soon, so a still screen fails within a fraction of a second. */
export const STILL_LOOK_MS = 250;

/** Codes that say the selector found nothing. */
const MISSES: ReadonlySet<string> = new Set(['NODE_NOT_FOUND', 'CONTAINER_NOT_FOUND']);

/** Actions whose purpose is to wait for something to appear: they keep their whole policy. */
const WAITS: ReadonlySet<ActionType> = new Set<ActionType>(['wait_for_node', 'wait_for_navigation']);

/** What to do after a retryable failure: end now, look again soon, or follow the retry policy. */
export type AfterMiss = 'end' | 'look-again' | 'policy';

const bodies = (tree: UiTree) =>
  compactScreen(tree)
    .elements.map((element) => element.body)
    .join('\n');

export async function afterMiss(step: StepContext, failure: StepFailure, explicitRetry: boolean): Promise<AfterMiss> {
  if (!(MISSES.has(failure.code) || failure.missOnScreen) || explicitRetry || WAITS.has(step.action.type))
    return 'policy';
  if (step.run.timeoutGiven === true) return 'policy';
  const looked = step.looked ?? [];
  const current = looked.at(-1);
  if (current === undefined) return 'policy';
  const previous = looked.at(-2);
  // Only the last two reads matter.
  looked.splice(0, Math.max(0, looked.length - 2));
  if (previous !== undefined) return bodies(previous) === bodies(current) ? 'end' : 'policy';
  if (step.run.seenByCaller !== undefined && (await step.run.seenByCaller(current))) return 'end';
  return 'look-again';
}
