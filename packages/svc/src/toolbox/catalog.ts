// The device tools not yet made chores (contracts/chores/), in the order help and tools/list show them.

import type { DeviceTool } from './tool.ts';
import { clipboardGetTool, clipboardSetTool } from './tools/clipboard.ts';
import { crashesTool, crashTool } from './tools/crashes.ts';
import { logsTool } from './tools/logs.ts';
import { notificationTool } from './tools/notification-act.ts';
import { notificationsTool } from './tools/notifications.ts';
import { recordPullTool, recordStartTool, recordStopTool } from './tools/recording.ts';
import { smsTool } from './tools/sms.ts';

export const DEVICE_TOOLS: readonly DeviceTool<never>[] = [
  logsTool,
  crashesTool,
  crashTool,
  clipboardGetTool,
  clipboardSetTool,
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
