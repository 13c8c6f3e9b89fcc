// wait_for_node and wait_for_navigation by polling: each poll is one dump (which itself waits for the screen to be
// idle), and wait_for_navigation reads the foreground app from the window manager. Without a timeoutMs a
// wait_for_node looks once per attempt and its retry policy does the waiting, as on the operator.

import { readForeground } from '../../../../device-shell/foreground.ts';
import { findFirst, labelOf, type UiNode } from '../../../../ui/index.ts';
import { describeMatcher, readScreen } from '../screen.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';

const POLL_PAUSE_MS = 100;

async function poll<T>(
  step: StepContext,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const until = Math.min(step.ctx.clock.monotonic() + timeoutMs, step.deadline);
  for (;;) {
    const hit = await probe();
    if (hit !== undefined) return hit;
    const left = until - step.ctx.clock.monotonic();
    if (left <= 0) return undefined;
    await step.ctx.clock.sleep(Math.min(POLL_PAUSE_MS, left));
  }
}

export const waitForNode: ActionRunner<'wait_for_node'> = async (step) => {
  const { matcher } = step.action.params;
  const timeoutMs = step.action.params.timeoutMs ?? 0;
  const node = await poll(step, timeoutMs, async () =>
    findFirst((await readScreen(step, { interacts: false })).tree, matcher),
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
  const arrived = await poll(step, timeoutMs, async (): Promise<{ node: UiNode | undefined } | undefined> => {
    if (expectedPackage !== undefined) {
      foreground = (await readForeground(step.shell)).package;
      if (foreground !== expectedPackage) return undefined;
    }
    if (expectedNode === undefined) return { node: undefined };
    const node = findFirst((await readScreen(step, { interacts: false })).tree, expectedNode);
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
