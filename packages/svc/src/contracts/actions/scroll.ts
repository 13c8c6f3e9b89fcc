// scroll: one scroll of a container (default the first scrollable node) in a content direction (SPEC 2.5).
import { bool, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { direction, distanceRatio, settleDelayMs } from './scroll-fields.ts';

export const scroll = defineAction({
  type: 'scroll',
  params: {
    fields: { container: matcher, direction, distanceRatio, settleDelayMs, findFirstScrollableChild: bool, retry },
  },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
});
