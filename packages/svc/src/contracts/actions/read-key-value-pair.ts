// read_key_value_pair: the value shown beside a label (SPEC 2.5).
import { bool, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';

export const readKeyValuePair = defineAction({
  type: 'read_key_value_pair',
  params: { fields: { labelMatcher: matcher, all: bool, retry }, required: ['labelMatcher'] },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
  cli: [
    {
      verb: 'read-value',
      description: 'read the value next to a label (key/value pair)',
      examples: ['svc read-value --label "Android version"'],
      inputs: [
        { kind: 'selector', param: 'labelMatcher', flags: 'label', required: true },
        { kind: 'switch', flag: '--all', param: 'all', value: true, help: 'return every match' },
      ],
    },
  ],
  mcp: {
    name: 'read-value',
    description:
      'Read the value shown next to the label found by `label` (read_key_value_pair): the next sibling holding text, ' +
      'else the next text on screen. data.label and data.value; with `all`, data.pairs for every matching label. ' +
      'Use it for settings-style rows such as "Android version  15".',
    arguments: {
      label: { param: 'labelMatcher', description: 'The label element (NodeMatcher).' },
      all: { param: 'all', description: 'Every matching label' },
    },
    required: ['label'],
  },
});
