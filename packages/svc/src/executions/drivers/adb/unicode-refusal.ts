// Text beyond printable ASCII on a device without svc's Unicode keyboard: the one refusal of the adb driver that
// needs the device (the action table refuses everything else before the device is touched). Whether the keyboard is
// installed is asked once (`ime list -a -s`, which changes nothing) before any step runs, so an execution that needs
// it on a device without it is refused whole, with the one command that installs it.
import { SvcError } from '../../../contracts/errors.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import type { DeviceShell } from '../../../device-shell/device-shell.ts';
import { INSTALL_COMMAND, unicodeKeyboardInstalled, untypable } from '../../../device-shell/unicode-keyboard-app.ts';

export async function unicodeTextRefused(shell: DeviceShell, execution: ValidExecution): Promise<SvcError | undefined> {
  const needs = execution.actions.flatMap((action, i) => {
    const bad = action.type === 'enter_text' ? untypable(action.params.text) : undefined;
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
