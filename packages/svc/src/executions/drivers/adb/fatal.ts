// Which step failures end the whole execution on the adb driver: those the operator app throws (after the action's
// retries), so both drivers agree that after such a failure no later action touches the device. The app's rule per
// action (clawperator apps/android UiActionEngine.kt and TaskUiScopeDefault.kt @ v0.5.2; docs/published-operator.md
// 3.1 and 3.6): open_app, open_uri, wait_for_node, click, scroll_and_click, enter_text and snapshot_ui throw on every
// failure; read_text throws when it reads one node outside a container (not found) or a blank text, but returns a
// validator mismatch and a container's failures; read_key_value_pair throws only when the screen cannot be read;
// scroll_until throws only when its click after the scroll fails; scroll, wait_for_navigation, press_key, sleep,
// recording, close_app and take_screenshot return their failures.
import type { Action } from '../../../contracts/types.ts';

const ALWAYS_FATAL = new Set<Action['type']>([
  'open_app',
  'open_uri',
  'wait_for_node',
  'click',
  'scroll_and_click',
  'enter_text',
  'snapshot_ui',
]);

/** How the click after scroll_until fails (screen.ts clickGesture, the gesture itself). */
const CLICK_FAILURES: ReadonlySet<string> = new Set(['NODE_NOT_FOUND', 'NODE_NOT_CLICKABLE', 'GESTURE_FAILED']);

/**
 * A screen the driver could not read (its dump failed, or the phone has no uiautomator: DEVICE_SHELL_UNAVAILABLE is
 * the only other failure of a read): the app's `UI tree not available`.
 */
const unreadableScreen = (code: string) => code.startsWith('UI_DUMP_') || code === 'DEVICE_SHELL_UNAVAILABLE';

export function isFatal(action: Action, code: string): boolean {
  // A phone that refuses adb's input refuses every step's input: each step says so (nothing reaches the device
  // either way), so the user sees every action the setting blocks.
  if (code === 'INPUT_INJECTION_DENIED') return false;
  if (ALWAYS_FATAL.has(action.type)) return true;
  if (action.type === 'read_text') {
    // Returned: a validator mismatch, a missing container, a target missing inside a container; thrown: the rest
    // (not found without a container, blank text, a screen that cannot be read).
    if (code === 'VALIDATION_FAILED' || code === 'VALIDATOR_MISMATCH' || code === 'CONTAINER_NOT_FOUND') return false;
    return !(code === 'NODE_NOT_FOUND' && action.params.container !== undefined);
  }
  // scroll_until returns its loop's outcomes (TARGET_NOT_FOUND, container reasons); its clickAfter click throws.
  if (action.type === 'scroll_until') return CLICK_FAILURES.has(code);
  if (action.type === 'read_key_value_pair') return unreadableScreen(code);
  return false;
}
