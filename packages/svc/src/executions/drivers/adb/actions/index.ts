// Every action type of the contract on the adb driver, with the retry preset the operator applies to it.
import type { ActionType } from '../../../../contracts/types.ts';
import type { ActionSpec } from '../run-steps.ts';
import { closeApp, openApp, openUri } from './apps.ts';
import { clearOnScreenLog, sleep, takeScreenshot } from './host.ts';
import { pressKey } from './keys.ts';
import { click, readKeyValuePair, readText } from './nodes.ts';
import { startRecording, stopRecording } from './recording.ts';
import { scroll, scrollAndClick, scrollUntil } from './scroll.ts';
import { snapshotUi } from './snapshot.ts';
import { enterText } from './text.ts';
import { waitForNavigation, waitForNode } from './waits.ts';

/** set_on_screen_log has no entry: the driver refuses it before the execution starts (unsupported.ts). */
export const ADB_ACTIONS: Readonly<Partial<Record<ActionType, ActionSpec>>> = {
  open_app: { run: openApp, retry: 'AppLaunch' },
  open_uri: { run: openUri, retry: 'AppLaunch' },
  close_app: { run: closeApp, retry: 'AppClose' },
  click: { run: click, retry: 'UiReadiness' },
  enter_text: { run: enterText, retry: 'UiReadiness' },
  read_text: { run: readText, retry: 'UiReadiness' },
  read_key_value_pair: { run: readKeyValuePair, retry: 'UiReadiness' },
  wait_for_node: { run: waitForNode, retry: 'UiReadiness' },
  wait_for_navigation: { run: waitForNavigation, retry: 'None' },
  snapshot_ui: { run: snapshotUi, retry: 'UiReadiness' },
  take_screenshot: { run: takeScreenshot, retry: 'None' },
  sleep: { run: sleep, retry: 'None' },
  press_key: { run: pressKey, retry: 'None' },
  scroll: { run: scroll, retry: 'None' },
  scroll_until: { run: scrollUntil, retry: 'None' },
  // Its scrollRetry / clickRetry govern its two phases; the step as a whole runs once.
  scroll_and_click: { run: scrollAndClick, retry: 'None', retryParam: '_none' },
  start_recording: { run: startRecording, retry: 'None' },
  stop_recording: { run: stopRecording, retry: 'None' },
  clear_on_screen_log: { run: clearOnScreenLog, retry: 'None' },
};
