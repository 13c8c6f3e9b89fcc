// Every action type of the contract on the adb driver: how it runs, or why it cannot run without the operator app.
// The table is complete by type, so a new action type without an entry here does not compile.
import { SvcError } from '../../../../contracts/errors.ts';
import type { ActionType } from '../../../../contracts/types.ts';
import { type DriverTable, type Supported, unsupported } from '../../../driver-table.ts';
import type { ActionRunner } from '../step.ts';
import { hostRegexRefusal } from '../validators.ts';
import { closeApp, openApp, openUri } from './apps.ts';
import { drag } from './drag.ts';
import { doubleTap, longPress, swipe } from './gestures.ts';
import { clearOnScreenLog, sleep, takeScreenshot } from './host.ts';
import { pressKey } from './keys.ts';
import { click, readKeyValuePair, readText } from './nodes.ts';
import { startRecording, stopRecording } from './recording.ts';
import { scroll, scrollAndClick, scrollUntil } from './scroll.ts';
import { snapshotUi } from './snapshot.ts';
import { enterText } from './text.ts';
import { waitForNavigation, waitForNode } from './waits.ts';

/** How the adb driver runs one action type (its retry preset comes from the action's definition). */
export interface AdbAction<T extends ActionType> extends Supported<T> {
  run: ActionRunner<T>;
}

export type AdbTable = DriverTable<{ readonly [T in ActionType]: AdbAction<T> }>;

export const ADB_ACTIONS: AdbTable = {
  open_app: { run: openApp },
  open_uri: { run: openUri },
  close_app: { run: closeApp },
  click: { run: click },
  enter_text: { run: enterText },
  read_text: {
    run: readText,
    refuse(action, site) {
      if (action.params.validator !== 'regex') return undefined;
      const problem = hostRegexRefusal(action.params.validatorPattern);
      if (problem === undefined) return undefined;
      const path = `${site.path}.params.validatorPattern`;
      return new SvcError('EXECUTION_VALIDATION_FAILED', `${path}: ${problem.why} (${problem.construct}).`, {
        ...site.details,
        path,
        construct: problem.construct,
      });
    },
  },
  read_key_value_pair: { run: readKeyValuePair },
  wait_for_node: { run: waitForNode },
  wait_for_navigation: { run: waitForNavigation },
  snapshot_ui: { run: snapshotUi },
  take_screenshot: { run: takeScreenshot },
  sleep: { run: sleep },
  press_key: { run: pressKey },
  scroll: { run: scroll },
  scroll_until: { run: scrollUntil },
  scroll_and_click: { run: scrollAndClick },
  start_recording: { run: startRecording },
  stop_recording: { run: stopRecording },
  // An overlay window only an app can own; clearing one that cannot exist succeeds.
  set_on_screen_log: unsupported(
    'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
    'needs the operator app; the adb driver has no on-screen log panel',
  ),
  clear_on_screen_log: { run: clearOnScreenLog },
  drag: { run: drag },
  double_tap: { run: doubleTap },
  long_press: { run: longPress },
  swipe: { run: swipe },
};
