// wait_for_navigation: until the expected package and/or element is in front (SPEC 2.5, part 8). The package counts
// as the operator app counts it (TaskScopeDefault.kt:374-455 @ clawperator v0.5.2), on both drivers: after a change
// of app, so one already in front at the start does not; its element does. The help says so.
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
  example: { expectedNode: { textEquals: 'Battery' }, timeoutMs: 5000 },
  cli: [
    {
      verb: 'wait-for-nav',
      description: 'wait for a change of app to --app, or for an element to show (needs --timeout)',
      examples: [
        'svc wait-for-nav --app com.android.settings --timeout 5000',
        'svc wait-for-nav --text "Internet" --timeout 5000',
      ],
      inputs: [
        { kind: 'selector', param: 'expectedNode', flags: 'element' },
        {
          kind: 'flag',
          flag: '--app <package>',
          param: 'expectedPackage',
          help: 'the app the one in front must change to (already in front does not count: add a selector of its screen)',
        },
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
    description: 'Wait until `app` comes to the front or `selector` shows, up to `timeoutMs` (max 30000).',
    arguments: {
      app: { param: 'expectedPackage' },
      selector: { param: 'expectedNode' },
    },
    required: ['timeoutMs'],
    actionTimeout: true,
  },
});
