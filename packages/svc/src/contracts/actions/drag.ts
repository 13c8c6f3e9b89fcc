// drag: press on one element, move onto another and let go there, to reorder a list or drop an item on a target (an
// svc extension beyond the specification's actions). Both ends are selectors (refs included); the move takes
// durationMs, slow enough to be a drag rather than a fling.
import { int, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';

/** Faster than 100 ms a move is a fling; nothing waits longer than 10 s for one. */
const DRAG_DURATION_MS = { min: 100, max: 10_000 };

export const drag = defineAction({
  type: 'drag',
  aliases: ['drag_and_drop'],
  params: {
    fields: { from: matcher, to: matcher, durationMs: int(DRAG_DURATION_MS), retry },
    required: ['from', 'to'],
  },
  retry: 'UiReadiness',
  nature: 'act',
  changesScreen: true,
  example: { from: { textEquals: 'Notes' }, to: { textEquals: 'Trash' }, durationMs: 800 },
  mcp: {
    name: 'drag',
    description: 'Drag `from` onto `to` in durationMs (default 1000).',
    arguments: { from: { param: 'from' }, to: { param: 'to' }, durationMs: { param: 'durationMs' } },
    required: ['from', 'to'],
  },
});
