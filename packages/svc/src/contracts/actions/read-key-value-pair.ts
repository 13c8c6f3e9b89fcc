// read_key_value_pair: the value shown beside a label (SPEC 2.5).
import { bool, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';
import { FLAG_HELP } from './flag-help.ts';

export const readKeyValuePair = defineAction({
  type: 'read_key_value_pair',
  params: { fields: { labelMatcher: matcher, all: bool, retry }, required: ['labelMatcher'] },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
  example: { labelMatcher: { textEquals: 'Android version' } },
  cli: [
    {
      verb: 'read-value',
      description: 'read the value next to a label (key/value pair)',
      examples: ['svc read-value --label "Android version"'],
      inputs: [
        { kind: 'selector', param: 'labelMatcher', flags: 'label', required: true },
        { kind: 'switch', flag: '--all', param: 'all', value: true, help: FLAG_HELP.all },
      ],
    },
  ],
  mcp: {
    name: 'read-value',
    description: 'Read the value beside `label` ("Android version 15"); `all`: every pair.',
    arguments: {
      label: { param: 'labelMatcher' },
      all: { param: 'all' },
    },
    required: ['label'],
  },
});
