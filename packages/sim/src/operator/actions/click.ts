// click: a matched node (default / long_click / focus) or a coordinate (a tap gesture).
import type { ActionHandler } from '../context.ts';
import { clickType, invalidParamsIf, optMatcher, type Params } from '../params.ts';
import { StepError } from '../step-error.ts';
import { performClick } from './click-node.ts';
import { findNode } from './find.ts';

function coordinate(params: Params): { x: number; y: number } | undefined {
  const c = params.coordinate as { x?: unknown; y?: unknown } | undefined;
  if (c === undefined || c === null) return undefined;
  const ok = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
  invalidParamsIf(!ok(c.x) || !ok(c.y), 'params.coordinate needs integer x and y >= 0');
  return { x: c.x as number, y: c.y as number };
}

export const click: ActionHandler = {
  service: 'ui',
  interacts: true,
  retry: 'UiReadiness',
  async run(params, ctx) {
    const type = clickType(params);
    const matcher = optMatcher(params, 'matcher');
    const point = coordinate(params);
    invalidParamsIf((matcher === undefined) === (point === undefined), 'give exactly one of matcher or coordinate');
    if (point) {
      invalidParamsIf(type === 'focus', 'clickType focus needs a matcher');
      const d = ctx.ui.display;
      if (point.x >= d.width || point.y >= d.height) throw new StepError('GESTURE_FAILED', 'tap outside the screen');
      if (type === 'long_click') {
        const node = ctx.ui.nodeAt(point.x, point.y, (n) => n.longClickable || n.clickable);
        if (node) ctx.ui.longClick(node);
      } else ctx.ui.tap(point.x, point.y);
      return { click_types: type };
    }
    performClick(ctx, findNode(ctx, matcher!), type);
    return { click_types: type };
  },
};
