// Setting the screen's orientation, or turning auto-rotate back on.
import { oneOf } from '../fields.ts';
import { defineChore } from './define.ts';

/** The orientations by rotation number (0..3) of a phone whose natural orientation is portrait. */
export const ORIENTATIONS = ['portrait', 'landscape', 'reverse-portrait', 'reverse-landscape'] as const;

export const rotate = defineChore({
  name: 'rotate',
  title: 'Set the screen orientation',
  brief: 'Set the orientation, or auto-rotate.',
  description:
    'Rotate the screen: orientation portrait, landscape, reverse-portrait or reverse-landscape (auto-rotate is ' +
    'turned off), or auto (auto-rotate on). Returns the screen as screen does. An app that fixes its own ' +
    'orientation keeps it.',
  params: { fields: { orientation: oneOf([...ORIENTATIONS, 'auto']) }, required: ['orientation'] },
  nature: 'act',
  locksDevice: true,
  cli: {
    verb: 'rotate',
    description: 'set the screen orientation',
    examples: ['svc rotate landscape', 'svc rotate auto'],
    inputs: [
      {
        kind: 'argument',
        name: 'orientation',
        param: 'orientation',
        help: 'portrait, landscape, reverse-portrait, reverse-landscape or auto',
      },
    ],
  },
  example: { orientation: 'landscape' },
});
