// The host runner of every chore (contracts/chores/), by name: a chore without its runner, or a runner whose params
// are not its chore's, fails the type check.
import type { ChoreName, ChoreOf } from '../contracts/chores/index.ts';
import type { ChoreRunner } from './chore.ts';
import { runApps } from './tools/apps.ts';
import { runClipboardGet, runClipboardSet } from './tools/clipboard.ts';
import { runCrash, runCrashes } from './tools/crashes.ts';
import { runForeground } from './tools/foreground.ts';
import { runInstall, runUninstall } from './tools/install.ts';
import { runKeyboardInstall } from './tools/keyboard.ts';
import { runLocation } from './tools/location.ts';
import { runLogs } from './tools/logs.ts';
import { runNotification } from './tools/notification-act.ts';
import { runNotifications } from './tools/notifications.ts';
import { runRecordPull, runRecordStart, runRecordStop } from './tools/recording.ts';
import { runRotate, runScreen } from './tools/screen.ts';
import { runSms } from './tools/sms.ts';

export const CHORE_RUNNERS: { readonly [N in ChoreName]: ChoreRunner<ChoreOf<N>> } = {
  foreground: runForeground,
  screen: runScreen,
  rotate: runRotate,
  apps: runApps,
  install: runInstall,
  uninstall: runUninstall,
  'keyboard-install': runKeyboardInstall,
  logs: runLogs,
  crashes: runCrashes,
  crash: runCrash,
  'clipboard-get': runClipboardGet,
  'clipboard-set': runClipboardSet,
  location: runLocation,
  'record-start': runRecordStart,
  'record-stop': runRecordStop,
  'record-pull': runRecordPull,
  notifications: runNotifications,
  notification: runNotification,
  sms: runSms,
};
