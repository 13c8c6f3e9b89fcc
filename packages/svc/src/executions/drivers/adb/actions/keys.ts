// press_key with key events: back 4, home 3, recents 187 (KeyEvent.java). `input keyevent` reports nothing, so
// only `home` can be checked (the launcher comes to the front); some launchers ignore recents.
import type { ActionRunner } from '../step.ts';

export const KEYCODES = { back: 4, home: 3, recents: 187 } as const;

export const pressKey: ActionRunner<'press_key'> = async ({ shell, action }) => {
  const { key } = action.params;
  await shell.run(`input keyevent ${KEYCODES[key]}`);
  return { key };
};
