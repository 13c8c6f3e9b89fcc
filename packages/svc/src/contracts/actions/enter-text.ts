// enter_text: types into the field the matcher finds; `clear` is accepted but has no effect (SPEC 2.5).
import { bool, matcher, retry, str } from '../fields.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';

/** What both `type` commands take besides the field: the text, and whether to press enter after it. */
const text = {
  kind: 'flag',
  flag: '--text <text>',
  param: 'text',
  help: FLAG_HELP.textToEnter,
  allowBlank: true,
  required: true,
} as const;
const submitAndClear = [
  { kind: 'switch', flag: '--submit', param: 'submit', value: true, help: FLAG_HELP.submit },
  { kind: 'switch', flag: '--clear', param: 'clear', value: true, help: FLAG_HELP.clear },
] as const;

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
  example: { matcher: { role: 'textfield' }, text: 'hello', submit: true },
  cli: [
    {
      verb: 'type',
      description: 'type text into a field',
      examples: ['svc type --id com.android.settings:id/search_src_text --text wifi --submit'],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element-without-text', required: true },
        { ...text, missing: 'type needs --text <text to enter>' },
        ...submitAndClear,
      ],
    },
    {
      verb: 'type',
      group: 'action',
      description: 'type text into the element matching --selector',
      examples: [`svc action type --selector '{"resourceId":"com.android.settings:id/search_src_text"}' --text wifi`],
      inputs: [{ kind: 'selector', param: 'matcher', flags: 'json', required: true }, text, ...submitAndClear],
    },
  ],
  mcp: {
    name: 'type',
    description: 'Type `text` into `selector` (cleared first); `submit` presses enter. adb driver: ASCII only.',
    arguments: {
      selector: { param: 'matcher' },
      text: { param: 'text' },
      submit: { param: 'submit' },
    },
    required: ['selector', 'text'],
  },
});
