// click: exactly one of matcher or coordinate; clickType `focus` is invalid with a coordinate (SPEC 2.5).
import { coordinate, matcher, oneOf, retry } from '../fields.ts';
import { CLICK_TYPES } from '../limits.ts';
import { fail } from '../validation-issue.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';
import { checkOneTarget, ONE_TARGET_SCHEMA } from './one-target.ts';

export const click = defineAction({
  type: 'click',
  aliases: ['tap', 'press'],
  params: {
    fields: { matcher, coordinate, clickType: oneOf(CLICK_TYPES), retry },
    check(params, path) {
      checkOneTarget(params, path);
      if (params.coordinate !== undefined && params.clickType === 'focus') {
        fail(`${path}.clickType`, 'focus needs a matcher; it is invalid with a coordinate', 'default or long_click');
      }
    },
    schemaExtra: ONE_TARGET_SCHEMA,
  },
  retry: 'UiReadiness',
  nature: 'click',
  changesScreen: true,
  example: { coordinate: { x: 10, y: 20 }, clickType: 'long_click' },
  cli: [
    {
      verb: 'click',
      aliases: ['tap'],
      description: 'click an element or a coordinate',
      examples: [
        'svc click --text "Network & internet"',
        'svc tap --id com.android.settings:id/search_src_text --focus',
        'svc click --coordinate 540 1200 --long',
      ],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element', required: { unless: 'coordinate' } },
        {
          kind: 'coordinate',
          flag: '--coordinate <x-y...>',
          param: 'coordinate',
          help: 'click at <x> <y> pixels instead of an element',
        },
        {
          kind: 'switch',
          flag: '--focus',
          param: 'clickType',
          value: 'focus',
          help: 'focus the element instead of clicking (not with --coordinate)',
        },
        { kind: 'switch', flag: '--long', param: 'clickType', value: 'long_click', help: FLAG_HELP.longClick },
      ],
    },
    {
      verb: 'click',
      group: 'action',
      description: 'click the element matching --selector',
      examples: [`svc action click --selector '{"textEquals":"Settings"}'`],
      inputs: [{ kind: 'selector', param: 'matcher', flags: 'json', required: true }],
    },
  ],
  mcp: {
    name: 'click',
    description: 'Click `selector` or `coordinate` {x, y}; clickType long_click, or focus (selector only).',
    arguments: {
      selector: { param: 'matcher' },
      coordinate: { param: 'coordinate' },
      clickType: { param: 'clickType', omit: 'default' },
    },
  },
});
