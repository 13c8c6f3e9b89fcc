// wait_for_node and wait_for_navigation by polling: each poll is one dump (which itself waits for the screen to be
// idle), and wait_for_navigation reads the foreground app from the window manager. Without a timeoutMs a
// wait_for_node looks once per attempt and its retry policy does the waiting, as on the operator.
//
// A wait keeps to its own time, even on a screen that never goes idle (a phone's dump then answers only after 10 s):
// - its first look may take FIRST_LOOK_MS (a phone's dump takes 1-2 s), even when the wait is shorter: a wait always
//   looks once, as the operator's does. A dump that has not answered by then fails the wait with UI_DUMP_NOT_IDLE;
// - a later look still running when the wait's time is up ends the wait with what the looks before it saw, and no
//   look starts after that time.
// A dump cut short runs on to its end on the device (dump.ts), which keeps the device locked until then.

import { DumpTimeout } from '../../../../device-shell/dump.ts';
import { readForeground } from '../../../../device-shell/foreground.ts';
import { findFirst, labelOf, type UiNode } from '../../../../ui/index.ts';
import { describeMatcher, readScreen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';

const POLL_PAUSE_MS = 100;
/** A phone's dump takes ~2 s typically, and at least the 1 s of idle it waits for (docs/adb-driver.md, costs). */
export const FIRST_LOOK_MS = 3000;

/** One look at the device, which must not read the screen past `until` (monotonic). */
type Probe<T> = (until: number) => Promise<T | undefined>;

async function poll<T>(step: StepContext, timeoutMs: number, probe: Probe<T>): Promise<T | undefined> {
  const started = step.ctx.clock.monotonic();
  const until = Math.min(started + timeoutMs, step.deadline);
  // Without a timeoutMs the one look has the execution's time, as every other read.
  const firstLook = timeoutMs > 0 ? Math.max(until, started + FIRST_LOOK_MS) : Number.POSITIVE_INFINITY;
  for (let look = 0; ; look++) {
    let hit: T | undefined;
    try {
      hit = await probe(look === 0 ? firstLook : until);
    } catch (error) {
      if (look > 0 && error instanceof DumpTimeout) return undefined;
      throw error;
    }
    if (hit !== undefined) return hit;
    const left = until - step.ctx.clock.monotonic();
    if (left <= 0) return undefined;
    await step.ctx.clock.sleep(Math.min(POLL_PAUSE_MS, left));
  }
}

export const waitForNode: ActionRunner<'wait_for_node'> = async (step) => {
  const { matcher } = step.action.params;
  const timeoutMs = step.action.params.timeoutMs ?? 0;
  const node = await poll(step, timeoutMs, async (until) =>
    findFirst((await readScreen(step, { interacts: false, until })).tree, matcher),
  );
  if (!node) {
    throw new StepFailure('NODE_NOT_FOUND', `no node matches ${describeMatcher(matcher)} within ${timeoutMs}ms`, {
      retryable: true,
    });
  }
  return { resource_id: node.resourceId, label: labelOf(node) };
};

export const waitForNavigation: ActionRunner<'wait_for_navigation'> = async (step) => {
  const { expectedPackage, expectedNode, timeoutMs } = step.action.params;
  let foreground: string | undefined;
  const arrived = await poll(step, timeoutMs, async (until): Promise<{ node: UiNode | undefined } | undefined> => {
    if (expectedPackage !== undefined) {
      foreground = (await readForeground(step.shell)).package;
      if (foreground !== expectedPackage) return undefined;
    }
    if (expectedNode === undefined) return { node: undefined };
    const node = findFirst((await readScreen(step, { interacts: false, until })).tree, expectedNode);
    return node ? { node } : undefined;
  });
  if (!arrived) {
    const code =
      expectedNode && (!expectedPackage || foreground === expectedPackage) ? 'NODE_NOT_FOUND' : 'NAVIGATION_TIMEOUT';
    throw new StepFailure(code, `navigation not seen within ${timeoutMs}ms (foreground ${foreground ?? 'unknown'})`);
  }
  return {
    package: foreground ?? (await readForeground(step.shell)).package ?? '',
    ...(arrived.node ? { resource_id: arrived.node.resourceId, label: labelOf(arrived.node) } : {}),
  };
};
