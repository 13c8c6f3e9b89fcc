// press_key with key events: back 4, home 3, recents 187 (KeyEvent.java). `input keyevent` reports nothing, so
// only `home` can be checked (the launcher comes to the front); some launchers ignore recents.
import type { ActionRunner } from '../step.ts';
import { params, str } from '../step.ts';

export const KEYCODES = { back: 4, home: 3, recents: 187 } as const;

export const pressKey: ActionRunner = async ({ shell, action }) => {
  const key = (str(params(action), 'key') as string).toLowerCase() as keyof typeof KEYCODES;
  await shell.run(`input keyevent ${KEYCODES[key]}`);
  return { key };
};
