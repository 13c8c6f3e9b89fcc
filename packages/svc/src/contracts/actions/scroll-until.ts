// scroll_until: scrolls until an element is visible, an edge, or a limit (SPEC 2.5).
import { bool, int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';
import { clickType, direction, distanceRatio, settleDelayMs } from './scroll-fields.ts';

export const scrollUntil = defineAction({
  type: 'scroll_until',
  params: {
    fields: {
      direction,
      matcher,
      container: matcher,
      clickAfter: bool,
      distanceRatio,
      settleDelayMs,
      maxScrolls: int(ACTION_RANGES.maxScrolls),
      maxDurationMs: int(ACTION_RANGES.maxDurationMs),
      noPositionChangeThreshold: int(ACTION_RANGES.noPositionChangeThreshold),
      findFirstScrollableChild: bool,
      clickType,
      retry,
    },
    check(params, path) {
      if (params.clickAfter === true && params.matcher === undefined) {
        fail(`${path}.matcher`, 'is required when clickAfter is true', 'a NodeMatcher');
      }
    },
    schemaExtra: {
      anyOf: [
        { not: { properties: { clickAfter: { const: true } }, required: ['clickAfter'] } },
        { required: ['matcher'] },
      ],
    },
  },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
});
