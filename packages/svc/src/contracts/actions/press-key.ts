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
});
