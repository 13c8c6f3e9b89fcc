// Every device tool, in the order help and tools/list show them.

import type { DeviceTool } from './tool.ts';
import { appsTool } from './tools/apps.ts';
import { foregroundTool } from './tools/foreground.ts';
import { doubleTapTool, longPressTool, swipeTool } from './tools/gestures.ts';
import { installTool, uninstallTool } from './tools/install.ts';
import { keyboardInstallTool } from './tools/keyboard.ts';
import { locationTool } from './tools/location.ts';
import { rotateTool, screenTool } from './tools/screen.ts';

export const DEVICE_TOOLS: readonly DeviceTool<never>[] = [
  foregroundTool,
  screenTool,
  rotateTool,
  appsTool,
  installTool,
  uninstallTool,
  keyboardInstallTool,
  doubleTapTool,
  longPressTool,
  swipeTool,
  locationTool,
] as DeviceTool<never>[];

export function deviceToolNamed(name: string): DeviceTool<never> | undefined {
  return DEVICE_TOOLS.find((tool) => tool.name === name);
}
