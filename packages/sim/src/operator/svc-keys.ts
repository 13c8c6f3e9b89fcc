// The keys svc's own operator presses beyond the specification's back, home and recents (an svc extension; the
// published app's parser knows only those three and refuses the others): enter, tab, delete, escape, the d-pad,
// volume, power and the rest by name, or any key code as decimal digits. The simulated app delivers them to the
// screen as a key event; a real build would press them through AccessibilityService.InputMethod (editor keys,
// API 33), the DPAD global actions (API 33), GLOBAL_ACTION_LOCK_SCREEN (power) and AudioManager (volume).
import { keyCodeOf } from '../ui/key-codes.ts';

/** svc's key names whose Android name differs (KeyEvent.KEYCODE_DEL is the delete key). */
const ANDROID_NAME: Readonly<Record<string, string>> = {
  delete: 'DEL',
  forward_delete: 'FORWARD_DEL',
  recents: 'APP_SWITCH',
};

const NAMES = [
  'back',
  'home',
  'recents',
  'enter',
  'tab',
  'space',
  'delete',
  'forward_delete',
  'escape',
  'dpad_up',
  'dpad_down',
  'dpad_left',
  'dpad_right',
  'dpad_center',
  'page_up',
  'page_down',
  'move_home',
  'move_end',
  'menu',
  'search',
  'volume_up',
  'volume_down',
  'volume_mute',
  'power',
  'wakeup',
  'sleep',
];

/** The key code of an svc key (its name, lower case, or its code), or undefined for a key svc does not name. */
export function svcKeyCode(key: string): number | undefined {
  if (/^\d{1,3}$/.test(key)) return Number(key) >= 1 ? Number(key) : undefined;
  if (!NAMES.includes(key)) return undefined;
  return keyCodeOf(ANDROID_NAME[key] ?? key.toUpperCase());
}
