// One ParamsSpec per canonical action type (SPEC 2.5).
import type { ActionType } from '../types.ts';
import { closeApp, openApp, openUri, recording } from './apps.ts';
import { snapshotUi, takeScreenshot } from './capture.ts';
import { click } from './click.ts';
import { clearOnScreenLog, setOnScreenLog } from './on-screen-log.ts';
import { scroll, scrollAndClick, scrollUntil } from './scroll.ts';
import type { ParamsSpec } from './spec.ts';
import { enterText, readKeyValuePair, readText } from './text.ts';
import { pressKey, sleep, waitForNavigation, waitForNode } from './waits.ts';

export type { ParamsSpec } from './spec.ts';

export const PARAMS_SPECS: Readonly<Record<ActionType, ParamsSpec>> = {
  open_app: openApp,
  open_uri: openUri,
  close_app: closeApp,
  start_recording: recording,
  stop_recording: recording,
  wait_for_node: waitForNode,
  click,
  scroll_and_click: scrollAndClick,
  scroll,
  scroll_until: scrollUntil,
  read_text: readText,
  read_key_value_pair: readKeyValuePair,
  enter_text: enterText,
  snapshot_ui: snapshotUi,
  take_screenshot: takeScreenshot,
  sleep,
  press_key: pressKey,
  wait_for_navigation: waitForNavigation,
  set_on_screen_log: setOnScreenLog,
  clear_on_screen_log: clearOnScreenLog,
};
