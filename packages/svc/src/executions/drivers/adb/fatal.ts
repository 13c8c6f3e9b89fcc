// Which step failures end the whole execution on the adb driver: those the operator app throws (after the action's
// retries), so both drivers agree that after such a failure no later action touches the device. The app's rule per
// action (clawperator apps/android UiActionEngine.kt and TaskUiScopeDefault.kt @ v0.5.2; docs/published-operator.md
// 3.1 and 3.6): open_app, open_uri, wait_for_node, click, scroll_and_click, enter_text and snapshot_ui throw on every
// failure; read_text throws when it reads one node outside a container (not found, blank text) but returns a
// validator mismatch; read_key_value_pair throws only when the screen cannot be read; scroll, scroll_until,
// wait_for_navigation, press_key, sleep, recording, close_app and take_screenshot return their failures.
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

/** A screen the driver could not read (its dump failed): the app's `UI tree not available`. */
const unreadableScreen = (code: string) => code.startsWith('UI_DUMP_');

export function isFatal(action: Action, code: string): boolean {
  // A phone that refuses adb's input refuses every step's input: each step says so (nothing reaches the device
  // either way), so the user sees every action the setting blocks.
  if (code === 'INPUT_INJECTION_DENIED') return false;
  if (ALWAYS_FATAL.has(action.type)) return true;
  if (action.type === 'read_text') {
    const { all, container } = action.params;
    if (all === true || container !== undefined) return unreadableScreen(code);
    return code !== 'VALIDATION_FAILED' && code !== 'VALIDATOR_MISMATCH';
  }
  if (action.type === 'read_key_value_pair') return unreadableScreen(code);
  return false;
}
