// scroll, scroll_until, scroll_and_click (SPEC 2.5).
import { bool, int, matcher, num, oneOf, retry } from '../fields.ts';
import { ACTION_RANGES, CLICK_TYPES, DIRECTIONS } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import type { ParamsSpec } from './spec.ts';

const direction = oneOf(DIRECTIONS);
const distanceRatio = num(ACTION_RANGES.distanceRatio);
const settleDelayMs = int(ACTION_RANGES.settleDelayMs);
const clickType = oneOf(CLICK_TYPES);

export const scroll: ParamsSpec = {
  fields: { container: matcher, direction, distanceRatio, settleDelayMs, findFirstScrollableChild: bool, retry },
};

export const scrollUntil: ParamsSpec = {
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
};

export const scrollAndClick: ParamsSpec = {
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
};
