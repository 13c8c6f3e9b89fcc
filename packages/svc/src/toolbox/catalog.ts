// Every device tool, in the order help and tools/list show them.

import type { DeviceTool } from './tool.ts';
import { appsTool } from './tools/apps.ts';
import { clipboardGetTool, clipboardSetTool } from './tools/clipboard.ts';
import { crashesTool, crashTool } from './tools/crashes.ts';
import { foregroundTool } from './tools/foreground.ts';
import { installTool, uninstallTool } from './tools/install.ts';
import { keyboardInstallTool } from './tools/keyboard.ts';
import { locationTool } from './tools/location.ts';
import { logsTool } from './tools/logs.ts';
import { notificationTool } from './tools/notification-act.ts';
import { notificationsTool } from './tools/notifications.ts';
import { recordPullTool, recordStartTool, recordStopTool } from './tools/recording.ts';
import { rotateTool, screenTool } from './tools/screen.ts';
import { smsTool } from './tools/sms.ts';

export const DEVICE_TOOLS: readonly DeviceTool<never>[] = [
  foregroundTool,
  screenTool,
  rotateTool,
  appsTool,
  installTool,
  uninstallTool,
  keyboardInstallTool,
  logsTool,
  crashesTool,
  crashTool,
  clipboardGetTool,
  clipboardSetTool,
  locationTool,
  recordStartTool,
  recordStopTool,
  recordPullTool,
  notificationsTool,
  notificationTool,
  smsTool,
] as DeviceTool<never>[];

export function deviceToolNamed(name: string): DeviceTool<never> | undefined {
  return DEVICE_TOOLS.find((tool) => tool.name === name);
}
