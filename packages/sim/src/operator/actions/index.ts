// The action types the operator runtime understands (SPEC 2.2) plus the doctor's internal doctor_ping.
import type { ActionHandler } from '../context.ts';
import { closeApp, openApp, openUri } from './apps.ts';
import { click } from './click.ts';
import { drag } from './drag.ts';
import { enterText } from './enter-text.ts';
import { doctorPing, pressKey, sleepAction, startRecording, stopRecording } from './misc.ts';
import { clearOnScreenLog, setOnScreenLog } from './on-screen-log.ts';
import { readKeyValuePair, readText } from './read.ts';
import { scroll } from './scroll.ts';
import { scrollAndClick } from './scroll-and-click.ts';
import { scrollUntil } from './scroll-until.ts';
import { snapshotUi, takeScreenshot } from './snapshot.ts';
import { waitForNavigation, waitForNode } from './wait.ts';

export const ACTIONS: Readonly<Record<string, ActionHandler>> = {
  open_app: openApp,
  open_uri: openUri,
  close_app: closeApp,
  start_recording: startRecording,
  stop_recording: stopRecording,
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
  sleep: sleepAction,
  press_key: pressKey,
  wait_for_navigation: waitForNavigation,
  set_on_screen_log: setOnScreenLog,
  clear_on_screen_log: clearOnScreenLog,
  drag,
  doctor_ping: doctorPing,
};
