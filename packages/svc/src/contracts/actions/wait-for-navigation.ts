// wait_for_navigation: until the expected package and/or element is in front (SPEC 2.5, part 8).
import { int, matcher, retry, str } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';

export const waitForNavigation = defineAction({
  type: 'wait_for_navigation',
  params: {
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
  },
  retry: 'None',
  nature: 'read',
  changesScreen: false,
});
