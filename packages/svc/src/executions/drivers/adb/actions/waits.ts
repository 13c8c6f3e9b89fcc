// wait_for_node and wait_for_navigation as the operator app runs them. wait_for_node looks once per attempt (one
// dump, which itself waits for the screen to be idle) and its retry policy does the waiting, bounded by its
// timeoutMs (run-steps.ts), as on the operator app. wait_for_navigation polls the app in front from the window
// manager every 200 ms until its timeoutMs.
//
// A wait keeps to its own time, even on a screen that never goes idle (a phone's dump then answers only after 10 s):
// a look may take until the wait's end, and at least FIRST_LOOK_MS (a phone's dump takes 1-2 s); a dump that has not
// answered by then fails the look with UI_DUMP_NOT_IDLE. A dump cut short runs on to its end on the device (dump.ts),
// which keeps the device locked until then.

import { readForeground } from '../../../../device-shell/foreground.ts';
import { findFirst, labelOf } from '../../../../ui/index.ts';
import { describeMatcher, readScreen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const NAVIGATION_POLL_MS = 200;
/** A phone's dump takes ~2 s typically, and at least the 1 s of idle it waits for (docs/adb-driver.md, costs). */
export const FIRST_LOOK_MS = 3000;

/** How long one look of a bounded wait may read the screen (monotonic), or no limit of its own. */
function lookUntil(step: StepContext, end: number | undefined): { until?: number } {
  return end === undefined ? {} : { until: Math.max(end, step.ctx.clock.monotonic() + FIRST_LOOK_MS) };
}

const waitForNode: ActionRunner<'wait_for_node'> = async (step) => {
  const { matcher, timeoutMs } = step.action.params;
  const screen = await readScreen(step, { interacts: false, ...lookUntil(step, step.until) });
  const node = findFirst(screen.tree, matcher);
  if (!node) {
    throw new StepFailure('NODE_NOT_FOUND', `No UI node found matching criteria: ${describeMatcher(matcher)}`, {
      retryable: true,
    });
  }
  // UiActionEngine.kt:188-207 @ v0.5.2: timeout_ms only when one was given.
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
const waitForNavigation: ActionRunner<'wait_for_navigation'> = async (step) => {
  const { expectedPackage, expectedNode, timeoutMs } = step.action.params;
  const started = step.ctx.clock.monotonic();
  const first = (await readForeground(step.shell)).package;
  let changed = false;
  let last = first;
  for (let poll = 0; ; poll++) {
    const now = poll === 0 ? first : (await readForeground(step.shell)).package;
    if (now !== undefined && now !== first) changed = true;
    if (now !== undefined) last = now;
    if (expectedPackage !== undefined && now === expectedPackage && (first !== expectedPackage || changed)) break;
    if (expectedNode !== undefined) {
      const screen = await readScreen(step, { interacts: false, ...lookUntil(step, started + timeoutMs) });
      if (findFirst(screen.tree, expectedNode)) break;
    }
    if (step.ctx.clock.monotonic() - started > timeoutMs) {
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

export const WAIT_ACTIONS = {
  wait_for_node: { run: waitForNode },
  wait_for_navigation: { run: waitForNavigation },
} satisfies AdbEntries;
