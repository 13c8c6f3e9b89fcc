// wait_for_node, wait_for_navigation, sleep, press_key (SPEC 2.5, part 8).
import { int, matcher, oneOf, retry, str } from '../fields.ts';
import { ACTION_RANGES, PRESS_KEYS } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import type { ParamsSpec } from './spec.ts';

export const waitForNode: ParamsSpec = {
  // The runtime clamps timeoutMs into 1..120000; the host clamps too so what is sent is what runs (C-28).
  fields: { matcher, timeoutMs: int(ACTION_RANGES.waitForNodeTimeoutMs, true), retry },
  required: ['matcher'],
};

export const waitForNavigation: ParamsSpec = {
  fields: {
    expectedPackage: str('nonBlank'),
    expectedNode: matcher,
    timeoutMs: int(ACTION_RANGES.waitForNavigationTimeoutMs),
    retry,
  },
  required: ['timeoutMs'],
  check(params, path) {
    if (params.expectedPackage === undefined && params.expectedNode === undefined) {
      fail(
        `${path}.expectedPackage`,
        'give expectedPackage or expectedNode (or both)',
        'expectedPackage or expectedNode',
      );
    }
  },
  schemaExtra: { anyOf: [{ required: ['expectedPackage'] }, { required: ['expectedNode'] }] },
};

export const sleep: ParamsSpec = {
  fields: { durationMs: int(ACTION_RANGES.sleepDurationMs), retry },
  required: ['durationMs'],
};

export const pressKey: ParamsSpec = {
  fields: { key: oneOf(PRESS_KEYS, true), retry },
  required: ['key'],
};
