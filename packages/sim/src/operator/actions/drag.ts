// drag: svc's own operator app finds both ends on a fresh tree, then dispatches one gesture from the centre of `from`
// to the centre of `to` lasting durationMs (default 1000), as its accessibility service would with a stroke of that
// length (a press held that long is a drag, not a fling).
import { centerOf } from '../../ui/ui-node.ts';
import type { ActionHandler } from '../context.ts';
import { clampedNumber, reqMatcher } from '../params.ts';
import { findNode } from './find.ts';

export const drag: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const from = centerOf(findNode(ctx, reqMatcher(params, 'from')).bounds);
    const to = centerOf(findNode(ctx, reqMatcher(params, 'to')).bounds);
    const durationMs = clampedNumber(params, 'durationMs', 1000, 100, 10_000);
    ctx.ui.swipe(from.x, from.y, to.x, to.y, durationMs);
    return { from: `${from.x},${from.y}`, to: `${to.x},${to.y}`, duration_ms: String(durationMs) };
  },
};
