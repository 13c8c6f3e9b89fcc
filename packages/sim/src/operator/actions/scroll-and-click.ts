// scroll_and_click: reveal a target by swiping (up to maxSwipes), then click it unless clickAfter is false.
import { findFirst } from '../../ui/match.ts';
import type { ActionHandler } from '../context.ts';
import { clampedNumber, clickType, describe, direction, optBool, reqMatcher } from '../params.ts';
import { resolveRetry, retryDelayMs } from '../retry.ts';
import { StepError } from '../step-error.ts';
import { performClick } from './click-node.ts';
import { refind, resolveContainer, scrollOnce, scrollSettings } from './scroll-engine.ts';

export const scrollAndClick: ActionHandler = {
  service: 'ui',
  interacts: true,
  // The step as a whole runs once; scrollRetry and clickRetry govern its two phases.
  retry: 'None',
  retryParam: '_none',
  async run(params, ctx) {
    const target = reqMatcher(
      params,
      params.target === undefined && params.matcher !== undefined ? 'matcher' : 'target',
    );
    const dir = direction(params);
    const settings = scrollSettings(params);
    const maxSwipes = Math.round(clampedNumber(params, 'maxSwipes', 10, 1, 50));
    const clickAfter = optBool(params, 'clickAfter', true);
    const type = clickType(params);
    const scrollRetry = resolveRetry(params.scrollRetry, 'UiScroll');
    const clickRetry = resolveRetry(params.clickRetry, 'UiReadiness');
    const data = { max_swipes: String(maxSwipes), direction: dir, click_types: type, click_after: String(clickAfter) };
    let found = findFirst(ctx.ui.tree(), target);
    for (let swipes = 0; !found && swipes < maxSwipes; swipes++) {
      let outcome = 'gesture_failed';
      for (let attempt = 1; attempt <= scrollRetry.maxAttempts; attempt++) {
        const { node } = resolveContainer(ctx, params, settings);
        outcome = scrollOnce(ctx, refind(ctx, node.key) ?? node, dir, settings.distanceRatio);
        if (outcome !== 'gesture_failed') break;
        if (attempt < scrollRetry.maxAttempts) await ctx.sleep(retryDelayMs(scrollRetry, attempt));
      }
      if (outcome === 'gesture_failed') throw new StepError('GESTURE_FAILED', `cannot scroll ${dir}`, { data });
      if (outcome === 'moved') await ctx.sleep(settings.settleDelayMs);
      found = findFirst(ctx.ui.tree(), target);
      if (outcome === 'edge') break;
    }
    if (!found) throw new StepError('NODE_NOT_FOUND', `no node matches ${describe(target)} after scrolling`, { data });
    if (!clickAfter) return data;
    for (let attempt = 1; ; attempt++) {
      try {
        performClick(ctx, findFirst(ctx.ui.tree(), target) ?? found, type);
        return data;
      } catch (error) {
        if (!(error instanceof StepError) || attempt >= clickRetry.maxAttempts) throw error;
        await ctx.sleep(retryDelayMs(clickRetry, attempt));
      }
    }
  },
};
