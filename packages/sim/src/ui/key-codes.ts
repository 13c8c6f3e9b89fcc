// Key codes `input keyevent` accepts by number or by name (`KEYCODE_BACK` or `BACK`), from KeyEvent.java. Only
// the keys a phone's UI reacts to in the simulator are named; other numbers pass through and change nothing.
const NAMED: Readonly<Record<string, number>> = {
  HOME: 3,
  BACK: 4,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  SPACE: 62,
  TAB: 61,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  SEARCH: 84,
  PAGE_UP: 92,
  PAGE_DOWN: 93,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  VOLUME_MUTE: 164,
  APP_SWITCH: 187,
  SLEEP: 223,
  WAKEUP: 224,
};

/** The code of a key argument, or undefined for a name KeyEvent does not know. */
export function keyCodeOf(arg: string): number | undefined {
  if (/^\d+$/.test(arg)) return Number(arg);
  return NAMED[arg.toUpperCase().replace(/^KEYCODE_/, '')];
}
