// enter_text: types into the field the matcher finds; `clear` is accepted but has no effect (SPEC 2.5).
import { bool, matcher, retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const enterText = defineAction({
  type: 'enter_text',
  aliases: ['type_text', 'text_entry', 'input_text'],
  paramAliases: { value: 'text' },
  params: {
    fields: { matcher, text: str('nonEmpty'), submit: bool, clear: bool, retry },
    required: ['matcher', 'text'],
  },
  retry: 'UiReadiness',
  nature: 'act',
  // Typing keeps the screen; submitting it (enter) may move to another.
  changesScreen: (params) => params.submit === true,
});
