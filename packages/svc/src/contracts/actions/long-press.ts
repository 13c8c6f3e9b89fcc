// long_press: press and hold on an element (at its centre) or at a point for durationMs, to open a context menu,
// start a drag or select text (an svc extension beyond the specification's actions; click's long_click holds for
// the system's long-press time, this for as long as asked).
import { coordinate, int, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { checkOneTarget, ONE_TARGET_SCHEMA, POINT_OR_ELEMENT } from './one-target.ts';

/** Shorter than 100 ms a press is a tap; nothing holds longer than 10 s. */
const LONG_PRESS_DURATION_MS = { min: 100, max: 10_000 };

export const longPress = defineAction({
  type: 'long_press',
  aliases: ['long_tap'],
  params: {
    fields: { matcher, coordinate, durationMs: int(LONG_PRESS_DURATION_MS), retry },
    check: checkOneTarget,
    schemaExtra: ONE_TARGET_SCHEMA,
  },
  retry: 'UiReadiness',
  nature: 'click',
  changesScreen: true,
  example: { matcher: { textEquals: 'Wi-Fi' }, durationMs: 1500 },
  cli: [
    {
      verb: 'long-press',
      description: 'press and hold an element or a point (<x> <y> in device pixels)',
      examples: ['svc long-press --text "Wi-Fi"', 'svc long-press 540 1200 --duration-ms 1500'],
      inputs: [
        ...POINT_OR_ELEMENT,
        {
          kind: 'flag',
          flag: '--duration-ms <ms>',
          param: 'durationMs',
          help: 'how long to hold, 100 to 10000 (default 1000)',
          integer: true,
        },
      ],
    },
  ],
  mcp: {
    name: 'long-press',
    description: 'Hold `selector` or `coordinate` {x, y} for durationMs (default 1000).',
    arguments: {
      selector: { param: 'matcher' },
      coordinate: { param: 'coordinate' },
      durationMs: { param: 'durationMs' },
    },
  },
});
