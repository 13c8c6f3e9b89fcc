// `svc action <verb>` (SPEC 4.4): the explicit forms that take raw JSON selectors.
import { SvcError } from '../contracts/errors.ts';
import { type BuiltExecution, plainTimeout, wrapExecution } from './execution.ts';
import { isSet, single } from './flag-values.ts';
import { parseMatcherJson } from './selector.ts';
import type { BuildInput } from './types.ts';

function required(input: BuildInput, key: string, flag: string, path: string): string {
  const value = single(input.flags, [key]);
  if (value === undefined) throw new SvcError('EXECUTION_VALIDATION_FAILED', `${flag} is required`, { path });
  return value;
}

const selectorOf = (input: BuildInput) =>
  parseMatcherJson(required(input, 'selector', '--selector', 'actions[0].params.matcher'), '--selector');

const one = (input: BuildInput, action: BuiltExecution['actions'][number]) =>
  wrapExecution(input.ids, plainTimeout(input.timeoutMs), [action]);

export const ACTION_BUILDERS = {
  'open-app': (input: BuildInput) =>
    one(input, {
      id: 'open-app',
      type: 'open_app',
      params: { applicationId: required(input, 'app', '--app', 'actions[0].params.applicationId') },
    }),
  'open-uri': (input: BuildInput) =>
    one(input, {
      id: 'open-uri',
      type: 'open_uri',
      params: { uri: required(input, 'uri', '--uri', 'actions[0].params.uri') },
    }),
  click: (input: BuildInput) => one(input, { id: 'click', type: 'click', params: { matcher: selectorOf(input) } }),
  read: (input: BuildInput) => one(input, { id: 'read', type: 'read_text', params: { matcher: selectorOf(input) } }),
  wait: (input: BuildInput) =>
    one(input, { id: 'wait', type: 'wait_for_node', params: { matcher: selectorOf(input) } }),
  type: (input: BuildInput) => {
    const params: Record<string, unknown> = { matcher: selectorOf(input) };
    const text = single(input.flags, ['text'], { allowBlank: true });
    if (text === undefined) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', '--text is required', { path: 'actions[0].params.text' });
    }
    params.text = text;
    if (isSet(input.flags, 'submit')) params.submit = true;
    if (isSet(input.flags, 'clear')) params.clear = true;
    return one(input, { id: 'type', type: 'enter_text', params });
  },
  'press-key': (input: BuildInput) =>
    one(input, {
      id: 'press-key',
      type: 'press_key',
      params: { key: required(input, 'key', '--key', 'actions[0].params.key') },
    }),
} as const;
