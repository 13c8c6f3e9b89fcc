// wait_for_node and wait_for_navigation: poll the live tree until it shows what is expected.
import { findFirst, labelOf, type NodeMatcher } from '../../ui/match.ts';
import type { UiNode } from '../../ui/ui-node.ts';
import type { ActionContext, ActionHandler } from '../context.ts';
import { clampedNumber, describe, invalidParamsIf, optMatcher, optString, reqMatcher } from '../params.ts';
import { invalidParams, StepError } from '../step-error.ts';

const POLL_MS = 100;

async function poll<T>(ctx: ActionContext, timeoutMs: number, probe: () => T | undefined): Promise<T | undefined> {
  const until = ctx.now() + timeoutMs;
  for (;;) {
    const hit = probe();
    if (hit !== undefined) return hit;
    const left = until - ctx.now();
    if (left <= 0) return undefined;
    await ctx.sleep(Math.min(POLL_MS, left));
  }
}

export const waitForNode: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const matcher = reqMatcher(params, 'matcher');
    // Without timeoutMs each attempt looks once and the retry policy does the waiting (no other per-action limit).
    const timeoutMs = Math.round(clampedNumber(params, 'timeoutMs', 0, 1, 120000));
    const node = await poll(ctx, timeoutMs, () => findFirst(ctx.ui.tree(), matcher));
    if (!node) {
      throw new StepError('NODE_NOT_FOUND', `no node matches ${describe(matcher)} within ${timeoutMs}ms`, {
        retryable: true,
      });
    }
    return { resource_id: node.resourceId, label: labelOf(node) };
  },
};

export const waitForNavigation: ActionHandler = {
  service: 'ui',
  interacts: false,
  retry: 'None',
  async run(params, ctx) {
    const expectedPackage = optString(params, 'expectedPackage');
    const expectedNode: NodeMatcher | undefined = optMatcher(params, 'expectedNode');
    invalidParamsIf(!expectedPackage && !expectedNode, 'give expectedPackage or expectedNode');
    const timeoutMs = params.timeoutMs;
    if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= 30000)) {
      throw invalidParams('params.timeoutMs must be in (0, 30000]');
    }
    const arrived = await poll(ctx, timeoutMs, (): { node: UiNode | undefined } | undefined => {
      if (expectedPackage && ctx.ui.foregroundPackage() !== expectedPackage) return undefined;
      const node = expectedNode ? findFirst(ctx.ui.tree(), expectedNode) : undefined;
      return expectedNode && !node ? undefined : { node };
    });
    if (!arrived) {
      const code =
        expectedNode && (!expectedPackage || ctx.ui.foregroundPackage() === expectedPackage)
          ? 'NODE_NOT_FOUND'
          : 'NAVIGATION_TIMEOUT';
      throw new StepError(code, `navigation not seen within ${timeoutMs}ms (foreground ${ctx.ui.foregroundPackage()})`);
    }
    return {
      package: ctx.ui.foregroundPackage(),
      ...(arrived.node ? { resource_id: arrived.node.resourceId, label: labelOf(arrived.node) } : {}),
    };
  },
};
