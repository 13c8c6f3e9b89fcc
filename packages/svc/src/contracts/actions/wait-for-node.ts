// wait_for_node: until an element matching the matcher is on screen (SPEC 2.5, part 8).
import { int, matcher, retry } from '../fields.ts';
import { ACTION_RANGES } from '../limits.ts';
import { defineAction, selectorArgument } from './define.ts';

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
    description:
      'Wait until the element found by `selector` is on screen (wait_for_node). `timeoutMs` here is the wait ' +
      'itself; the execution gets max(timeoutMs + 5000, 30000). Use it after a click to know the next screen is ' +
      'there; a miss is a failed step with data.error NODE_NOT_FOUND.',
    arguments: { selector: selectorArgument('matcher') },
    required: ['selector'],
    actionTimeout: 'How long to wait for the element, in ms',
  },
});
