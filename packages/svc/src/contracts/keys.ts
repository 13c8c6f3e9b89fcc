// The keys press_key takes. The specification's three (back, home, recents) work everywhere; the others are svc's
// extension, by name or by Android key code: the adb driver sends them with `input keyevent`, svc's own operator
// app presses them itself, and an operator app that knows only the three is refused them before anything runs.
// Key codes are Android's (frameworks/base core/java/android/view/KeyEvent.java). Pure: no I/O.

/** The keys of the specification, which every operator app presses. */
export const SPEC_KEYS = ['back', 'home', 'recents'] as const;

/** Every key svc names, lower case, with its Android key code. */
export const KEY_CODES: Readonly<Record<string, number>> = {
  back: 4,
  home: 3,
  recents: 187,
  enter: 66,
  tab: 61,
  space: 62,
  delete: 67,
  forward_delete: 112,
  escape: 111,
  dpad_up: 19,
  dpad_down: 20,
  dpad_left: 21,
  dpad_right: 22,
  dpad_center: 23,
  page_up: 92,
  page_down: 93,
  move_home: 122,
  move_end: 123,
  menu: 82,
  search: 84,
  volume_up: 24,
  volume_down: 25,
  volume_mute: 164,
  power: 26,
  wakeup: 224,
  sleep: 223,
};

/** Android's names for some of them (`KEYCODE_DEL`, `KEYCODE_APP_SWITCH`), as a key may also be given. */
const ANDROID_NAMES: Readonly<Record<string, string>> = {
  del: 'delete',
  forward_del: 'forward_delete',
  app_switch: 'recents',
};

/** The highest key code accepted by number (Android 15 defines codes up to 316; newer ones may come). */
export const MAX_KEY_CODE = 999;

export const KEY_NAMES: readonly string[] = Object.keys(KEY_CODES);

/**
 * The key as svc sends it: a name of KEY_CODES (case-insensitive, `KEYCODE_` prefix and Android's own names
 * accepted), or a key code as decimal digits; undefined for anything else.
 */
export function canonicalKey(value: string): string | undefined {
  if (/^\d{1,3}$/.test(value)) {
    const code = Number(value);
    return code >= 1 && code <= MAX_KEY_CODE ? String(code) : undefined;
  }
  const name = value.toLowerCase().replace(/^keycode_/, '');
  const known = ANDROID_NAMES[name] ?? name;
  return Object.hasOwn(KEY_CODES, known) ? known : undefined;
}

/** The Android key code of a canonical key. */
export function keyCodeOf(key: string): number {
  return /^\d+$/.test(key) ? Number(key) : (KEY_CODES[key] as number);
}

export const isSpecKey = (key: string): boolean => (SPEC_KEYS as readonly string[]).includes(key);
