// wait_for_node: until an element matching the matcher is on screen (SPEC 2.5, part 8).
import { int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { defineAction } from './define.ts';

export const waitForNode = defineAction({
  type: 'wait_for_node',
  aliases: ['wait_for', 'find', 'find_node'],
  params: {
    // The runtime clamps timeoutMs into 1..120000; the host clamps too so what is sent is what runs (C-28).
    fields: { matcher, timeoutMs: int(ACTION_RANGES.waitForNodeTimeoutMs, true), retry },
    required: ['matcher'],
  },
  retry: 'UiReadiness',
  nature: 'read',
  changesScreen: false,
  cli: [
    {
      verb: 'wait',
      description: 'wait until an element appears',
      examples: ['svc wait --text Settings --timeout 10000'],
      inputs: [
        { kind: 'selector', param: 'matcher', flags: 'element', required: true },
        { kind: 'timeout', param: 'timeoutMs' },
      ],
    },
    {
      verb: 'wait',
      group: 'action',
      description: 'wait for the element matching --selector',
      examples: [`svc action wait --selector '{"textEquals":"Settings"}'`],
      inputs: [{ kind: 'selector', param: 'matcher', flags: 'json', required: true }],
    },
  ],
  mcp: {
    name: 'wait',
    description: 'Wait up to `timeoutMs` for `selector` to show.',
    arguments: { selector: { param: 'matcher' } },
    required: ['selector'],
    actionTimeout: true,
  },
});
