// scroll_and_click: scrolls until the target is visible, then clicks it (SPEC 2.5). Its scrollRetry and clickRetry
// govern its two phases; the step as a whole runs once.
import { bool, int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP, withClick } from './flag-help.ts';
import { clickType, direction, directionFlag, distanceRatio, settleDelayMs } from './scroll-fields.ts';

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
  example: { target: { textEquals: 'About phone' }, direction: 'down', maxSwipes: 20 },
  cli: [
    {
      verb: 'scroll-until',
      when: { switch: 'click' },
      description: 'scroll until an element is visible',
      examples: ['svc scroll-until --text "About phone" --click'],
      inputs: [
        { kind: 'switch', flag: '--click', help: 'click it when found (scroll_and_click)' },
        { kind: 'selector', param: 'target', flags: 'element', required: true },
        { kind: 'selector', param: 'container', flags: 'container' },
        directionFlag,
        {
          kind: 'flag',
          flag: '--max-swipes <n>',
          param: 'maxSwipes',
          help: withClick(FLAG_HELP.maxSwipes),
          integer: true,
        },
        {
          kind: 'switch',
          flag: '--long',
          param: 'clickType',
          value: 'long_click',
          help: withClick(FLAG_HELP.longClick),
        },
      ],
    },
    {
      verb: 'scroll-and-click',
      description: 'scroll until an element is visible, then click',
      examples: ['svc scroll-and-click --text "About phone"'],
      inputs: [
        { kind: 'selector', param: 'target', flags: 'element', required: true },
        { kind: 'selector', param: 'container', flags: 'container' },
        { kind: 'switch', flag: '--long', param: 'clickType', value: 'long_click', help: FLAG_HELP.longClick },
        directionFlag,
        {
          kind: 'flag',
          flag: '--max-swipes <n>',
          param: 'maxSwipes',
          help: FLAG_HELP.maxSwipes,
          integer: true,
        },
      ],
    },
  ],
  mcp: {
    name: 'scroll-until',
    id: 'scroll-until',
    when: { argument: 'click' },
    description: 'Scroll until the element is visible, then click it.',
    arguments: {
      selector: { param: 'target' },
      container: { param: 'container' },
      direction: { param: 'direction', default: 'down' },
      maxSwipes: { param: 'maxSwipes' },
    },
    required: ['selector'],
  },
});
