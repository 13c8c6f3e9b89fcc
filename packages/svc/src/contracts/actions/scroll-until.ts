// scroll_until: scrolls until an element is visible, an edge, or a limit (SPEC 2.5).
import { bool, int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';
import { clickType, direction, directionFlag, distanceRatio, settleDelayMs } from './scroll-fields.ts';

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
  example: { direction: 'down', matcher: { textEquals: 'About phone' }, maxScrolls: 20 },
  cli: [
    {
      verb: 'scroll-until',
      description: 'scroll until an element is visible',
      examples: ['svc scroll-until --text "About phone"', 'svc scroll-until --text "About phone" --click'],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element', required: true },
        { kind: 'selector', param: 'container', flags: 'container' },
        directionFlag,
        {
          kind: 'flag',
          flag: '--max-scrolls <n>',
          param: 'maxScrolls',
          help: 'at most this many scrolls (1..200)',
          integer: true,
        },
        {
          kind: 'flag',
          flag: '--max-duration-ms <ms>',
          param: 'maxDurationMs',
          help: 'stop after this long (0..120000)',
          integer: true,
        },
      ],
    },
  ],
  mcp: {
    name: 'scroll-until',
    description: 'Scroll (default down) until `selector` shows, then `click` it if asked; in `container`.',
    arguments: {
      selector: { param: 'matcher' },
      container: { param: 'container' },
      direction: { param: 'direction', default: 'down' },
      maxScrolls: { param: 'maxScrolls' },
      maxDurationMs: { param: 'maxDurationMs' },
    },
    required: ['selector'],
  },
});
