// press_key with key events: back 4, home 3, recents 187 (KeyEvent.java; the codes live with every other `input`
// line in device-input.ts). `input keyevent` answers nothing when it worked, so only a refusal can be read (an
// error text or status: GLOBAL_ACTION_FAILED, or INPUT_INJECTION_DENIED); some launchers ignore recents.
import { inputLine, PRESS_KEY_CODES, sendInput } from '../device-input.ts';
import type { ActionRunner } from '../step.ts';

export const pressKey: ActionRunner<'press_key'> = async ({ shell, action }) => {
  const { key } = action.params;
  await sendInput(shell, inputLine.keys([PRESS_KEY_CODES[key]]), 'GLOBAL_ACTION_FAILED', `key ${key}`);
  return { key };
};
