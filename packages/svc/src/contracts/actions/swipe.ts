// swipe: one finger stroke, from one point to another, or across an element in a direction (an svc extension beyond
// the specification's actions). `direction` is where the finger moves (up scrolls a list's content toward its end),
// unlike scroll's, which names where the content goes. Across an element the stroke runs through its centre between
// 20% and 80% of its height (up, down) or width (left, right), in the finger's direction.
import { coordinate, int, matcher, oneOf, retry } from '../fields.ts';
import { DIRECTIONS } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';

/** Faster than 10 ms no device draws a move; nothing swipes longer than 10 s. */
const SWIPE_DURATION_MS = { min: 10, max: 10_000 };

const EXPECTED = 'from and to, or matcher and direction';

export const swipe = defineAction({
  type: 'swipe',
  params: {
    fields: {
      from: coordinate,
      to: coordinate,
      matcher,
      direction: oneOf(DIRECTIONS),
      durationMs: int(SWIPE_DURATION_MS),
      retry,
    },
    check(params, path) {
      const byPoints = params.from !== undefined || params.to !== undefined;
      if (params.matcher !== undefined && byPoints) {
        fail(`${path}.${params.from === undefined ? 'to' : 'from'}`, `give ${EXPECTED}, not both`, EXPECTED);
      }
      if (params.matcher !== undefined) {
        if (params.direction === undefined) {
          fail(
            `${path}.direction`,
            'is required with matcher: the way the finger moves across it',
            'up, down, left or right',
          );
        }
        return;
      }
      if (!byPoints) fail(`${path}.matcher`, `is required: give ${EXPECTED}`, EXPECTED);
      if (params.from === undefined) fail(`${path}.from`, 'is required with to', 'a coordinate { x, y }');
      if (params.to === undefined) fail(`${path}.to`, 'is required with from', 'a coordinate { x, y }');
      if (params.direction !== undefined) {
        fail(`${path}.direction`, 'goes with matcher; from and to already say the way', 'parameter absent');
      }
    },
    schemaExtra: { oneOf: [{ required: ['from', 'to'] }, { required: ['matcher', 'direction'] }] },
  },
  retry: 'UiReadiness',
  nature: 'act',
  changesScreen: true,
  example: { matcher: { textEquals: 'Inbox' }, direction: 'left', durationMs: 150 },
  cli: [
    {
      verb: 'swipe',
      description: 'swipe from one point to another (device pixels), or across an element',
      examples: [
        'svc swipe 540 1800 540 600',
        'svc swipe 900 1200 100 1200 --duration-ms 150',
        'svc swipe --text "Inbox row" --direction left',
      ],
      inputs: [
        { kind: 'point', names: ['x1', 'y1'], param: 'from' },
        { kind: 'point', names: ['x2', 'y2'], param: 'to' },
        { kind: 'selector', param: 'matcher', flags: 'element', required: { unless: 'from' } },
        {
          kind: 'flag',
          flag: '--direction <direction>',
          param: 'direction',
          help: "the finger's way across the element: up, down, left or right",
        },
        {
          kind: 'flag',
          flag: '--duration-ms <ms>',
          param: 'durationMs',
          help: 'how long the stroke takes, 10 to 10000 (default 300; longer drags, shorter flings)',
          integer: true,
        },
      ],
    },
  ],
  mcp: {
    name: 'swipe',
    description: 'Swipe `from` to `to` {x, y}, or across `selector` toward `direction`; durationMs (300).',
    arguments: {
      from: { param: 'from' },
      to: { param: 'to' },
      selector: { param: 'matcher' },
      direction: { param: 'direction' },
      durationMs: { param: 'durationMs' },
    },
  },
});
