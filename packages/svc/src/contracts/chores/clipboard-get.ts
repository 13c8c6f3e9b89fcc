// clipboard-get: the text on the device clipboard, where the device lets the shell read it.
import { defineChore } from './define.ts';

const DESCRIPTION =
  'The text on the device clipboard ({ text }, null when empty). Many phones refuse: CLIPBOARD_UNAVAILABLE.';

export const clipboardGet = defineChore({
  name: 'clipboard-get',
  title: 'Read the clipboard',
  brief: 'The text on the device clipboard (many phones refuse).',
  description: DESCRIPTION,
  params: { fields: {} },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'get',
    group: 'clipboard',
    description: 'read the clipboard',
    examples: ['svc clipboard get'],
    inputs: [],
  },
  example: {},
});
