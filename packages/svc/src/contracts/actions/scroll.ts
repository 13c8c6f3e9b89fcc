// scroll: one scroll of a container (default the first scrollable node) in a content direction (SPEC 2.5).
import { bool, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';
import { direction, distanceRatio, settleDelayMs } from './scroll-fields.ts';

export const scroll = defineAction({
  type: 'scroll',
  params: {
    fields: { container: matcher, direction, distanceRatio, settleDelayMs, findFirstScrollableChild: bool, retry },
  },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
  example: { container: { resourceId: 'com.android.settings:id/recycler_view' }, direction: 'up' },
  cli: [
    {
      verb: 'scroll',
      description: 'scroll once (direction: down, up, left, right; default down)',
      examples: ['svc scroll down', 'svc scroll up --container-id com.android.settings:id/recycler_view'],
      inputs: [
        { kind: 'selector', param: 'container', flags: 'container' },
        {
          kind: 'argument',
          name: 'direction',
          param: 'direction',
          optional: true,
          flag: { flag: '--direction <direction>', help: FLAG_HELP.direction, example: 'up' },
          default: 'down',
        },
      ],
    },
  ],
  mcp: {
    name: 'scroll',
    description: 'Scroll once toward `direction` (default down), in `container`.',
    arguments: {
      direction: { param: 'direction', default: 'down' },
      container: { param: 'container' },
    },
  },
});
