// press_key with key events: back 4, home 3, recents 187 and every other key by its code (KeyEvent.java, through
// contracts/keys.ts). `input keyevent` reports nothing, so only `home` can be checked (the launcher comes to the
// front); some launchers ignore recents.
import { keyCodeOf } from '../../../../contracts/keys.ts';
import type { ActionRunner } from '../step.ts';

export const pressKey: ActionRunner<'press_key'> = async ({ shell, action }) => {
  const { key } = action.params;
  await shell.run(`input keyevent ${keyCodeOf(key)}`);
  return { key };
};
