// scroll: one gesture; outcome moved / edge_reached (success) / gesture_failed (step error GESTURE_FAILED).
import type { ActionHandler } from '../context.ts';
import { direction } from '../params.ts';
import { StepError } from '../step-error.ts';
import { containerName } from './find.ts';
import { resolveContainer, scrollOnce, scrollSettings } from './scroll-engine.ts';

export const scroll: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'None',
  async run(params, ctx) {
    const dir = direction(params);
    const settings = scrollSettings(params);
    const { node, auto } = resolveContainer(ctx, params, settings);
    const outcome = scrollOnce(ctx, node, dir, settings.distanceRatio);
    const data = {
      scroll_outcome: outcome === 'moved' ? 'moved' : outcome === 'gesture_failed' ? 'gesture_failed' : 'edge_reached',
      direction: dir,
      distance_ratio: String(settings.distanceRatio),
      settle_delay_ms: String(settings.settleDelayMs),
      ...(auto ? { resolved_container: containerName(node) } : {}),
    };
    if (outcome === 'gesture_failed') {
      throw new StepError('GESTURE_FAILED', `cannot scroll ${dir} in this container`, { data });
    }
    if (outcome === 'moved') await ctx.sleep(settings.settleDelayMs);
    return data;
  },
};
