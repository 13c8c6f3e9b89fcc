// Every action type of the contract on the adb driver: how it runs, or why it cannot run without the operator app.
// Each runner file of this folder exports its part of the table (its types' entries); this file only joins them.
// The table is complete by type, so a new action type that no part gives an entry does not compile.
import type { AdbTable } from './adb-table.ts';
import { APP_ACTIONS } from './apps.ts';
import { DRAG_ACTIONS } from './drag.ts';
import { GESTURE_ACTIONS } from './gestures.ts';
import { HOST_ACTIONS } from './host.ts';
import { KEY_ACTIONS } from './keys.ts';
import { NODE_ACTIONS } from './nodes.ts';
import { RECORDING_ACTIONS } from './recording.ts';
import { SCROLL_ACTIONS } from './scroll.ts';
import { SNAPSHOT_ACTIONS } from './snapshot.ts';
import { TEXT_ACTIONS } from './text.ts';
import { WAIT_ACTIONS } from './waits.ts';

export const ADB_ACTIONS: AdbTable = {
  ...APP_ACTIONS,
  ...NODE_ACTIONS,
  ...TEXT_ACTIONS,
  ...KEY_ACTIONS,
  ...SCROLL_ACTIONS,
  ...WAIT_ACTIONS,
  ...SNAPSHOT_ACTIONS,
  ...HOST_ACTIONS,
  ...RECORDING_ACTIONS,
  ...DRAG_ACTIONS,
  ...GESTURE_ACTIONS,
};
