// sleep: a pause that uses the execution's time budget (SPEC 2.5, part 8).
import { int, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { defineAction } from './define.ts';

export const sleep = defineAction({
  type: 'sleep',
  params: { fields: { durationMs: int(ACTION_RANGES.sleepDurationMs), retry }, required: ['durationMs'] },
  retry: 'None',
  nature: 'act',
  changesScreen: false,
});
