// press_key: back, home or recents, case-insensitive (SPEC 2.5), and svc's other keys by name or key code
// (contracts/keys.ts), which an operator app that knows only the three is refused before anything runs.
import { key, retry } from '../fields.ts';
import { defineAction } from './define.ts';

export const pressKey = defineAction({
  type: 'press_key',
  aliases: ['key_press'],
  params: { fields: { key, retry }, required: ['key'] },
  retry: 'None',
  nature: 'act',
  changesScreen: true,
});
