// Every tool of `svc mcp`, in the order tools/list shows them.

import type { ToolDef } from './tool-kit.ts';
import { registryTools } from './tools-actions.ts';
import { deviceTools } from './tools-device.ts';
import { doctorTool } from './tools-doctor.ts';
import { hostTools } from './tools-host.ts';
import { observeTools } from './tools-observe.ts';

let cached: readonly ToolDef[] | undefined;

export function allTools(): readonly ToolDef[] {
  cached ??= [...observeTools(), ...registryTools(), ...deviceTools(), ...hostTools(), doctorTool];
  return cached;
}
