// wait_for_node and wait_for_navigation. wait_for_node looks once per attempt (one dump, which itself waits for the
// screen to be idle) and its retry policy does the waiting, bounded by its timeoutMs (run-steps.ts), as on the
// operator app. wait_for_navigation polls the foreground app from the window manager until its timeoutMs.
import { findFirst, labelOf } from '../../../../ui/index.ts';
import { readForeground } from '../foreground.ts';
import { describeMatcher, readScreen } from '../screen.ts';
import { type ActionRunner, StepFailure } from '../step.ts';

const NAVIGATION_POLL_MS = 200;

export const waitForNode: ActionRunner<'wait_for_node'> = async (step) => {
  const { matcher, timeoutMs } = step.action.params;
  const node = findFirst((await readScreen(step, { interacts: false })).tree, matcher);
  if (!node) {
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  }
  // UiActionEngine.kt:188-207: timeout_ms only when one was given.
  return {
    resource_id: node.resourceId,
    label: labelOf(node),
    ...(timeoutMs === undefined ? {} : { timeout_ms: String(timeoutMs) }),
  };
};

/**
 * wait_for_navigation as the operator app runs it (TaskScopeDefault.kt:374-455 @ v0.5.2): poll every 200 ms until
 * more than timeoutMs passed; arrived when either the expected app is in front after a change of app (the app in
 * front at the start differed from it, or another one was seen since), or one look finds the expected node.
 */
export const waitForNavigation: ActionRunner<'wait_for_navigation'> = async (step) => {
  const { expectedPackage, expectedNode, timeoutMs } = step.action.params;
  const started = step.ctx.clock.monotonic();
  const first = (await readForeground(step.shell)).package;
  let changed = false;
  let last = first;
  for (;;) {
    const now =
      last === first && step.ctx.clock.monotonic() === started ? first : (await readForeground(step.shell)).package;
    if (now !== undefined && now !== first) changed = true;
    if (now !== undefined) last = now;
    if (expectedPackage !== undefined && now === expectedPackage && (first !== expectedPackage || changed)) break;
    if (expectedNode !== undefined && findFirst((await readScreen(step, { interacts: false })).tree, expectedNode))
      break;
    const elapsed = step.ctx.clock.monotonic() - started;
    if (elapsed > timeoutMs) {
      throw new StepFailure('NAVIGATION_TIMEOUT', `navigation not seen within ${timeoutMs}ms`, {
        data: last === undefined ? {} : { last_package: last },
      });
    }
    await step.ctx.clock.sleep(NAVIGATION_POLL_MS);
  }
  return {
    ...(last === undefined ? {} : { resolved_package: last }),
    elapsed_ms: String(Math.round(step.ctx.clock.monotonic() - started)),
  };
};
