// The device tools not yet made chores (contracts/chores/), in the order help and tools/list show them.

import type { DeviceTool } from './tool.ts';
import { doubleTapTool, longPressTool, swipeTool } from './tools/gestures.ts';

export const DEVICE_TOOLS: readonly DeviceTool<never>[] = [
  doubleTapTool,
  longPressTool,
  swipeTool,
] as DeviceTool<never>[];

export function deviceToolNamed(name: string): DeviceTool<never> | undefined {
  return DEVICE_TOOLS.find((tool) => tool.name === name);
}
