// The screen's size in device pixels as it is now, its density and its orientation.
import { defineChore } from './define.ts';

export const screen = defineChore({
  name: 'screen',
  title: 'Screen size, density and orientation',
  brief: 'Screen size in device pixels as now, density, rotation, orientation.',
  description:
    'The screen: { width, height } in device pixels as it is now (rotated), physicalWidth/physicalHeight, density ' +
    '(dpi), rotation (0-3) and orientation (portrait, landscape, reverse-portrait, reverse-landscape). Coordinates ' +
    'of every action are device pixels of the screen as it is now.',
  params: { fields: {} },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'screen',
    description: 'screen size, density and orientation',
    examples: ['svc screen --output pretty'],
    inputs: [],
  },
  example: {},
});
