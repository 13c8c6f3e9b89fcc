// Every tool of `svc mcp`, in the order tools/list shows them.

import type { ToolDef } from './tool-kit.ts';
import { doctorTool } from './tools-doctor.ts';
import { hostTools } from './tools-host.ts';
import { observeTools } from './tools-observe.ts';
import { registryTools } from './tools-registry.ts';

let cached: readonly ToolDef[] | undefined;

export function allTools(): readonly ToolDef[] {
  cached ??= [...observeTools(), ...registryTools(), ...hostTools(), doctorTool];
  return cached;
}
