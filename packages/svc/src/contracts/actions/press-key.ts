// press_key: back, home or recents, case-insensitive (SPEC 2.5).
import { oneOf, retry } from '../fields.ts';
import { PRESS_KEYS } from '../limits.ts';
import { defineAction } from './define.ts';

export const pressKey = defineAction({
  type: 'press_key',
  aliases: ['key_press'],
  params: { fields: { key: oneOf(PRESS_KEYS, true), retry }, required: ['key'] },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
  cli: [
    {
      verb: 'press',
      description: 'press a key: back, home or recents',
      examples: ['svc press home', 'svc press --key recents'],
      inputs: [
        {
          kind: 'argument',
          name: 'key',
          param: 'key',
          optional: true,
          flag: { flag: '--key <key>', help: 'back, home or recents', example: 'back' },
          missing: 'press needs a key: back, home or recents',
        },
      ],
    },
    { verb: 'back', description: 'press back', examples: ['svc back'], inputs: [], fixed: { key: 'back' } },
    {
      verb: 'press-key',
      group: 'action',
      description: 'press a key',
      examples: ['svc action press-key --key back'],
      inputs: [{ kind: 'flag', flag: '--key <key>', param: 'key', help: 'back, home or recents', required: true }],
    },
  ],
  mcp: {
    name: 'press-key',
    id: 'press',
    title: 'Press a system key',
    description: 'Press back, home or recents.',
    arguments: { key: { param: 'key' } },
    required: ['key'],
  },
});
