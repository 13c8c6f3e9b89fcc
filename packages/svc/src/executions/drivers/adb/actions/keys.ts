// press_key with key events: back 4, home 3, recents 187 and every other key by its code (KeyEvent.java, through
// contracts/keys.ts). `input keyevent` answers nothing when it worked, so only a refusal can be read (an error text
// or status: GLOBAL_ACTION_FAILED, or INPUT_INJECTION_DENIED); some launchers ignore recents.
import { keyCodeOf } from '../../../../contracts/keys.ts';
import { inputLine } from '../../../../device-shell/input-line.ts';
import { sendInput } from '../device-input.ts';
import type { ActionRunner } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

const pressKey: ActionRunner<'press_key'> = async ({ shell, action }) => {
  const { key } = action.params;
  await sendInput(shell, inputLine.keys([keyCodeOf(key)]), 'GLOBAL_ACTION_FAILED', `key ${key}`);
  return { key };
};

export const KEY_ACTIONS = {
  press_key: { run: pressKey },
} satisfies AdbEntries;
