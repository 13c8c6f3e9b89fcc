// scroll_until: swipes until the matcher shows (TARGET_FOUND), an edge, a limit, or no movement for a while; then
// optionally clicks the match. Container problems end it with success false.
import { findFirst } from '../../ui/match.ts';
import type { ActionHandler } from '../context.ts';
import { clampedNumber, clickType, direction, invalidParamsIf, optBool, optMatcher } from '../params.ts';
import { StepError } from '../step-error.ts';
import { performClick } from './click-node.ts';
import { containerName } from './find.ts';
import { refind, resolveContainer, scrollOnce, scrollSettings } from './scroll-engine.ts';

export const scrollUntil: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'None',
  async run(params, ctx) {
    const dir = direction(params);
    const settings = scrollSettings(params);
    const matcher = optMatcher(params, 'matcher');
    const clickAfter = optBool(params, 'clickAfter', false);
    invalidParamsIf(clickAfter && !matcher, 'params.matcher is required when clickAfter is true');
    const type = clickType(params);
    const maxScrolls = Math.round(clampedNumber(params, 'maxScrolls', 20, 1, 200));
    const maxDurationMs = clampedNumber(params, 'maxDurationMs', 10000, 0, 120000);
    const threshold = Math.round(clampedNumber(params, 'noPositionChangeThreshold', 3, 1, 20));
    const base = { direction: dir };
    let resolved: ReturnType<typeof resolveContainer>;
    try {
      resolved = resolveContainer(ctx, params, settings);
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      const data = { ...base, termination_reason: error.code, scrolls_executed: '0' };
      throw new StepError(error.code, error.message, { data });
    }
    const started = ctx.now();
    let scrolls = 0;
    let still = 0;
    let reason: string;
    for (;;) {
      if (matcher && findFirst(ctx.ui.tree(), matcher)) reason = 'TARGET_FOUND';
      else if (scrolls >= maxScrolls) reason = 'MAX_SCROLLS_REACHED';
      else if (ctx.now() - started >= maxDurationMs) reason = 'MAX_DURATION_REACHED';
      else {
        const node = refind(ctx, resolved.node.key);
        // A container that vanished mid-way is reported as an edge, as the Android runtime does.
        const outcome = node ? scrollOnce(ctx, node, dir, settings.distanceRatio) : 'edge';
        if (outcome === 'gesture_failed') throw new StepError('GESTURE_FAILED', `cannot scroll ${dir}`, { data: base });
        if (outcome === 'edge') reason = 'EDGE_REACHED';
        else {
          scrolls++;
          still = outcome === 'stuck' ? still + 1 : 0;
          if (still >= threshold) reason = 'NO_POSITION_CHANGE';
          else {
            await ctx.sleep(settings.settleDelayMs);
            continue;
          }
        }
      }
      break;
    }
    const data: Record<string, string> = {
      termination_reason: reason,
      scrolls_executed: String(scrolls),
      ...base,
      resolved_container: containerName(resolved.node),
    };
    if (clickAfter && matcher) {
      const target = findFirst(ctx.ui.tree(), matcher);
      if (!target) throw new StepError('NODE_NOT_FOUND', `target not found (${reason})`, { data });
      performClick(ctx, target, type);
      data.click_types = type;
    }
    return data;
  },
};
