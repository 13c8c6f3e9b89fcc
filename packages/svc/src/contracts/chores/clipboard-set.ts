// clipboard-set: put text on the device clipboard, where the device lets the shell write it.
import { str } from '../fields.ts';
import { defineChore } from './define.ts';

const DESCRIPTION =
  'Put text on the device clipboard (then paste it in a field with a long press). Many phones refuse: ' +
  'CLIPBOARD_UNAVAILABLE; type into a field with type instead.';

export const clipboardSet = defineChore({
  name: 'clipboard-set',
  title: 'Write the clipboard',
  brief: 'Put `text` on the clipboard (many phones refuse; type fills a field).',
  description: DESCRIPTION,
  // The text is put as given: blanks are text too.
  params: { fields: { text: str('nonEmpty', 10_000) }, required: ['text'] },
  nature: 'act',
  locksDevice: true,
  cli: {
    verb: 'set',
    group: 'clipboard',
    description: 'write the clipboard',
    examples: ["svc clipboard set 'hello'"],
    inputs: [{ kind: 'argument', name: 'text', param: 'text', help: 'The text to put on the clipboard' }],
  },
  example: { text: 'hello' },
});
