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
  cli: [
    {
      verb: 'type',
      description: 'type text into a field',
      examples: ['svc type --id com.android.settings:id/search_src_text --text wifi --submit'],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element-without-text', required: true },
        {
          kind: 'flag',
          flag: '--text <text>',
          param: 'text',
          help: 'the text to enter',
          allowBlank: true,
          required: true,
          missing: 'type needs --text <text to enter>',
        },
        { kind: 'switch', flag: '--submit', param: 'submit', value: true, help: 'press enter after typing' },
        {
          kind: 'switch',
          flag: '--clear',
          param: 'clear',
          value: true,
          help: 'accepted for compatibility; has no effect',
        },
      ],
    },
    {
      verb: 'type',
      group: 'action',
      description: 'type text into the element matching --selector',
      examples: [`svc action type --selector '{"resourceId":"com.android.settings:id/search_src_text"}' --text wifi`],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'json', required: true },
        { kind: 'flag', flag: '--text <text>', param: 'text', help: 'text to enter', allowBlank: true, required: true },
        { kind: 'switch', flag: '--submit', param: 'submit', value: true, help: 'press enter after typing' },
        { kind: 'switch', flag: '--clear', param: 'clear', value: true, help: 'no effect' },
      ],
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
