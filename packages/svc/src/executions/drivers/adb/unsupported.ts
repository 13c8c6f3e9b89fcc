// What the adb driver cannot do without an app on the device, found before anything touches the device: the
// on-screen log panel (an overlay window only an app can own) and text `input text` cannot type (outside printable
// ASCII and newlines). The whole execution is refused with the reason's own code, the path of the action (or of its
// text) and a hint.
import { SvcError } from '../../../contracts/errors.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import { untypable } from './text-input.ts';

export function unsupportedByAdb(execution: ValidExecution): SvcError | undefined {
  for (const [i, action] of execution.actions.entries()) {
    const path = `actions[${i}]`;
    const base = { path, actionId: action.id, actionType: action.type, driver: 'adb' };
    if (action.type === 'set_on_screen_log') {
      return new SvcError(
        'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
        `${path} (${action.id}): set_on_screen_log needs the operator app; the adb driver has no on-screen log panel. Nothing was run.`,
        base,
      );
    }
    const text = action.params?.text;
    if (action.type === 'enter_text' && typeof text === 'string') {
      const bad = untypable(text);
      if (bad !== undefined) {
        return new SvcError(
          'TEXT_NOT_TYPABLE',
          `${path}.params.text (${action.id}): the adb driver cannot type ${JSON.stringify(bad.char)} (position ${bad.index}); \`input text\` types printable ASCII only. Nothing was run.`,
          { ...base, path: `${path}.params.text`, character: bad.char, index: bad.index },
        );
      }
    }
  }
  return undefined;
}
