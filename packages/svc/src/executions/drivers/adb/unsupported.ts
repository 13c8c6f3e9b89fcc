// What the adb driver cannot do without an app on the device, found before anything touches the device: the
// on-screen log panel (an overlay window only an app can own) and text `input text` cannot type (outside printable
// ASCII). The whole execution is refused, naming the first such action and what to do instead.
import { SvcError } from '../../../contracts/errors.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import { untypable } from './text-input.ts';

export function unsupportedByAdb(execution: ValidExecution): SvcError | undefined {
  for (const [i, action] of execution.actions.entries()) {
    const path = `actions[${i}]`;
    const base = { path, actionId: action.id, actionType: action.type, driver: 'adb' };
    if (action.type === 'set_on_screen_log') {
      return new SvcError(
        'EXECUTION_ACTION_UNSUPPORTED',
        `${action.type} needs the operator app: the adb driver has no on-screen log panel.`,
        {
          ...base,
          reason: 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
          hint: 'Install the operator app (svc operator setup) and use --driver operator, or drop the step.',
        },
      );
    }
    const text = action.params?.text;
    if (action.type === 'enter_text' && typeof text === 'string') {
      const bad = untypable(text);
      if (bad !== undefined) {
        return new SvcError(
          'EXECUTION_ACTION_UNSUPPORTED',
          `${action.type} cannot type ${JSON.stringify(bad.char)} (position ${bad.index}) with adb: \`input text\` types printable ASCII only.`,
          {
            ...base,
            path: `${path}.params.text`,
            reason: 'TEXT_NOT_TYPABLE',
            character: bad.char,
            index: bad.index,
            hint: 'Use the operator driver (--driver operator) for text outside printable ASCII.',
          },
        );
      }
    }
  }
  return undefined;
}
