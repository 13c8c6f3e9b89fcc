// press_key with key events: back 4, home 3, recents 187 (KeyEvent.java; the codes live with every other `input`
// line in device-input.ts). `input keyevent` answers nothing when it worked, so only a refusal can be read (an
// error text or status: GLOBAL_ACTION_FAILED, or INPUT_INJECTION_DENIED); some launchers ignore recents.
import { inputLine, PRESS_KEYS, type PressKey, sendInput } from '../device-input.ts';
import type { ActionRunner } from '../step.ts';
import { params, str } from '../step.ts';

export const pressKey: ActionRunner = async ({ shell, action }) => {
  const key = (str(params(action), 'key') as string).toLowerCase() as PressKey;
  await sendInput(shell, inputLine.keys([PRESS_KEYS[key]]), 'GLOBAL_ACTION_FAILED', `key ${key}`);
  return { key };
};
