// What the adb driver cannot do without an app on the device, found before any step runs: the on-screen log panel
// (an overlay window only an app can own), and text beyond printable ASCII on a device without svc's Unicode
// keyboard. The whole execution is refused with the reason's own code, the path of the action (or of its text) and a
// hint.
import { SvcError } from '../../../contracts/errors.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import type { DeviceShell } from './device-shell.ts';
import { INSTALL_COMMAND, unicodeKeyboardInstalled, untypable } from './unicode-keyboard.ts';

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
  }
  return undefined;
}

/**
 * Text beyond printable ASCII needs the Unicode keyboard on the device (unicode-keyboard.ts): asked once (`ime list
 * -a -s`, which changes nothing) before any step runs, so an execution it lacks is refused whole with the one
 * command that installs it.
 */
export async function unicodeTextRefused(shell: DeviceShell, execution: ValidExecution): Promise<SvcError | undefined> {
  const needs = execution.actions.flatMap((action, i) => {
    const text = action.params?.text;
    const bad = action.type === 'enter_text' && typeof text === 'string' ? untypable(text) : undefined;
    return bad === undefined ? [] : [{ action, i, bad }];
  });
  const first = needs[0];
  if (first === undefined || (await unicodeKeyboardInstalled(shell))) return undefined;
  const { action, i, bad } = first;
  const path = `actions[${i}].params.text`;
  return new SvcError(
    'TEXT_NOT_TYPABLE',
    `${path} (${action.id}): typing ${JSON.stringify(bad.char)} (position ${bad.index}) without the operator app needs svc's Unicode keyboard on the device, which is not installed: run \`${INSTALL_COMMAND}\` once. Nothing was run.`,
    { path, actionId: action.id, actionType: action.type, driver: 'adb', character: bad.char, index: bad.index },
    `Install svc's Unicode keyboard on the device once with \`${INSTALL_COMMAND} --device ${shell.serial}\`, then send the text again.`,
  );
}
