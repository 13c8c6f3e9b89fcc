// double_tap: two taps in quick succession on an element (at its centre) or at a point, as a finger double-taps to
// zoom a map or like a photo (an svc extension beyond the specification's actions).
import { coordinate, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { checkOneTarget, ONE_TARGET_SCHEMA, POINT_OR_ELEMENT } from './one-target.ts';

export const doubleTap = defineAction({
  type: 'double_tap',
  aliases: ['double_click'],
  params: {
    fields: { matcher, coordinate, retry },
    check: checkOneTarget,
    schemaExtra: ONE_TARGET_SCHEMA,
  },
  retry: 'UiReadiness',
  nature: 'click',
  changesScreen: true,
  example: { coordinate: { x: 540, y: 900 } },
  cli: [
    {
      verb: 'double-tap',
      description: 'double tap an element or a point (<x> <y> in device pixels)',
      examples: ['svc double-tap 540 1200', 'svc double-tap --desc "Photo"'],
      inputs: [...POINT_OR_ELEMENT],
    },
  ],
  mcp: {
    name: 'double-tap',
    description: 'Double tap `selector` or `coordinate` {x, y}.',
    arguments: { selector: { param: 'matcher' }, coordinate: { param: 'coordinate' } },
  },
});
