// read_key_value_pair: the value shown beside a label (SPEC 2.5).
import { bool, matcher, retry } from '../fields.ts';
import { defineAction } from './define.ts';

export const readKeyValuePair = defineAction({
  type: 'read_key_value_pair',
  params: { fields: { labelMatcher: matcher, all: bool, retry }, required: ['labelMatcher'] },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
});
