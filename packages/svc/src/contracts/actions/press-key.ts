// press_key: back, home or recents, case-insensitive (SPEC 2.5), and svc's other keys by name or key code
// (contracts/keys.ts), which an operator app that knows only the three is refused before anything runs.
import { key, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';

export const pressKey = defineAction({
  type: 'press_key',
  aliases: ['key_press'],
  params: { fields: { key, retry }, required: ['key'] },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
  example: { key: 'home' },
  cli: [
    {
      verb: 'press',
      description: 'press a key: back, home, recents, enter, tab, delete, escape, volume_up, ... or a key code',
      examples: ['svc press home', 'svc press --key recents', 'svc press enter', 'svc press 66'],
      inputs: [
        {
          kind: 'argument',
          name: 'key',
          param: 'key',
          optional: true,
          flag: {
            flag: '--key <key>',
            help: FLAG_HELP.key,
            example: 'back',
          },
          missing: 'press needs a key: back, home, recents, enter, ... or a key code',
        },
      ],
    },
    { verb: 'back', description: 'press back', examples: ['svc back'], inputs: [], fixed: { key: 'back' } },
    {
      verb: 'press-key',
      group: 'action',
      description: 'press a key',
      examples: ['svc action press-key --key back'],
      inputs: [{ kind: 'flag', flag: '--key <key>', param: 'key', help: FLAG_HELP.key, required: true }],
    },
  ],
  mcp: {
    name: 'press-key',
    id: 'press',
    description: 'Press a key: back, home, recents, enter, tab, delete, escape, volume_up, ... or a key code.',
    arguments: { key: { param: 'key' } },
    required: ['key'],
  },
});
