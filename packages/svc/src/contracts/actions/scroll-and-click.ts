// scroll_and_click: scrolls until the target is visible, then clicks it (SPEC 2.5). Its scrollRetry and clickRetry
// govern its two phases; the step as a whole runs once.
import { bool, int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { defineAction } from './define.ts';
import { clickType, direction, distanceRatio, settleDelayMs } from './scroll-fields.ts';

export const scrollAndClick = defineAction({
  type: 'scroll_and_click',
  // Raw input names the target `matcher` (SPEC 2.5).
  paramAliases: { matcher: 'target' },
  params: {
    fields: {
      target: matcher,
      container: matcher,
      direction,
      maxSwipes: int(ACTION_RANGES.maxSwipes),
      distanceRatio,
      settleDelayMs,
      findFirstScrollableChild: bool,
      clickAfter: bool,
      clickType,
      scrollRetry: retry,
      clickRetry: retry,
    },
    required: ['target'],
  },
  retry: 'None',
  nature: 'click',
  changesScreen: true,
});
