// Fields the scroll actions share (SPEC 2.5): one rule each, so scroll, scroll_until and scroll_and_click agree.
import { int, num, oneOf } from '../fields.ts';
import { ACTION_RANGES, CLICK_TYPES, DIRECTIONS } from '../limits.ts';
import type { CliInput } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';

export const direction = oneOf(DIRECTIONS);
export const distanceRatio = num(ACTION_RANGES.distanceRatio);
export const settleDelayMs = int(ACTION_RANGES.settleDelayMs);
export const clickType = oneOf(CLICK_TYPES);

/** The `--direction` flag of scroll-until and scroll-and-click (scroll's own is also its argument). */
export const directionFlag: CliInput<'direction'> = {
  kind: 'flag',
  flag: '--direction <direction>',
  param: 'direction',
  help: FLAG_HELP.direction,
  default: 'down',
};
