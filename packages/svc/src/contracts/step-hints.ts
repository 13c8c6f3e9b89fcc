// What to do about a failed step, by its code (`data.error`): the run summary's hint when a step is what failed.
// Execution-level codes take their hint from the error catalogue.
export const STEP_HINTS: Readonly<Record<string, string>> = {
  NODE_NOT_FOUND:
    'Nothing on screen matched: use an element of the screen as it is now (the result shows the closest elements, or the screen, with refs); if it has yet to appear, wait for it.',
  NODE_NOT_CLICKABLE:
    'Other views cover the matched element everywhere a tap could reach it: close what covers it (a dialog, the keyboard) first.',
  GESTURE_FAILED: 'The device refused the gesture: check the screen is unlocked and nothing covers the app.',
  GLOBAL_ACTION_FAILED: 'The device refused the key: check the operator accessibility service is on.',
  URI_NOT_HANDLED: 'No app on the device opens that URI: install one, or check the scheme.',
  CONTAINER_NOT_FOUND: 'No scrollable container matched: take a snapshot and match one with scrollable="true".',
  CONTAINER_NOT_SCROLLABLE: 'The container does not scroll: match the scrollable node itself.',
  SCREENSHOT_CAPTURE_FAILED:
    'The message says whether the device gave no image or the file could not be saved: for a path, pick a file in a folder you can write to, or leave the path out (the screenshots folder).',
  SNAPSHOT_EXTRACTION_FAILED: 'The UI hierarchy could not be read: retry; `svc version --check-compat` if it persists.',
  RECORDING_ALREADY_IN_PROGRESS: 'Stop the running recording (stop_recording) first.',
  RECORDING_NOT_IN_PROGRESS: 'Start a recording (start_recording) before stopping one.',
  APP_NOT_FOUND:
    'The app is not installed (or has no launcher activity): check its package name with `svc apps --all`.',
  NAVIGATION_TIMEOUT:
    'Neither came in time: a change of app to the expected one (one already in front at the start does not count; data.last_package says which was in front) nor the element. For a screen that may already show, give its selector.',
  DEVICE_SHELL_UNAVAILABLE:
    'The device did not run the command: its message says why. A tool the phone lacks (uiautomator, monkey) needs another phone or the operator app; a shell that ended (it did not say whether the step ran) needs the device reconnected: check the screen, then `svc devices`.',
  TEXT_ENTRY_FAILED:
    'Typing failed: the message says why. Text goes into a text field (role textfield) or a view inside one: select that field.',
  EXECUTION_TIMEOUT:
    'The time ran out during this step: its data.last_error says why it had not succeeded yet; raise timeoutMs if it needs longer.',
};

/** TEXT_ENTRY_FAILED when the phone was left on svc's Unicode keyboard (the step's data.keyboard_left_selected). */
export const KEYBOARD_LEFT_HINT =
  'Typing failed with a keyboard left selected: pick yours with `adb shell ime set <id>` (`adb shell ime list -s` lists them).';
