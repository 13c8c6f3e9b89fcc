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
  cli: [
    {
      verb: 'wait-for-nav',
      description: 'wait until an app or screen is in front (needs --timeout)',
      examples: [
        'svc wait-for-nav --app com.android.settings --timeout 5000',
        'svc wait-for-nav --text "Internet" --timeout 5000',
      ],
      inputs: [
        { kind: 'selector', param: 'expectedNode', flags: 'element' },
        { kind: 'flag', flag: '--app <package>', param: 'expectedPackage', help: 'expected package in front' },
        { kind: 'timeout', param: 'timeoutMs', missing: 'wait-for-nav requires --timeout <ms> (at most 30000)' },
      ],
      needsOneOf: {
        params: ['expectedPackage', 'expectedNode'],
        message: 'wait-for-nav needs --app <package> or a selector',
      },
    },
  ],
  mcp: {
    name: 'wait-for-nav',
    description:
      'Wait until the app `app` is in front and/or `selector` shows (one at least), up to `timeoutMs` (max 30000).',
    arguments: {
      app: { param: 'expectedPackage' },
      selector: { param: 'expectedNode' },
    },
    required: ['timeoutMs'],
    actionTimeout: true,
  },
});
