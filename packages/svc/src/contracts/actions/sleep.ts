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
  builtTimeout: 'sleep',
  cli: [
    {
      verb: 'sleep',
      description: 'sleep on the device (uses the execution time budget)',
      examples: ['svc sleep 1500'],
      inputs: [{ kind: 'argument', name: 'duration-ms', param: 'durationMs', integer: true }],
    },
  ],
  mcp: {
    name: 'sleep',
    description: 'Pause `durationMs` (seldom needed: actions return a still screen).',
    arguments: { durationMs: { param: 'durationMs' } },
    required: ['durationMs'],
  },
});
