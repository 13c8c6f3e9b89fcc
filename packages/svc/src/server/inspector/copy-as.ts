// "Copy as": one validated execution written for the other surfaces: the execution JSON, the `svc` command line
// (the flat command when one action has one, else `svc exec`), and the MCP tool call (the flat tool, else
// `execute`). The flat forms are read off the action definitions and checked by building them again
// (builders/written-as.ts); test/inspector-copy-as.test.ts runs the command lines with --dry-run and compares.
import { commandLineOf, toolCallOf } from '../../builders/written-as.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import type { Execution } from '../../contracts/types.ts';

export interface CopyForms {
  json: string;
  cli: string;
  mcp: string;
}

/** `svc` words are safe as they are; anything else is single-quoted for a POSIX shell. */
function word(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : quoteShellArg(value);
}

/**
 * The forms of `execution`. `deviceId` names the device when the copy must say which (several are connected: the
 * command and the call would otherwise stop at MULTIPLE_DEVICES_DEVICE_ID_REQUIRED).
 */
export function copyForms(execution: Execution, deviceId?: string): CopyForms {
  const [action] = execution.actions;
  const single = execution.actions.length === 1 && action !== undefined;
  const flat = single ? commandLineOf(action, execution.timeoutMs) : undefined;
  const device = deviceId === undefined ? '' : ` --device ${word(deviceId)}`;
  const cli = (flat ?? ['svc', 'exec', quoteShellArg(JSON.stringify(execution))].join(' ')) + device;
  const tool = single ? toolCallOf(action, execution.timeoutMs) : undefined;
  const mcp: { name: string; arguments: Record<string, unknown> } = tool ?? {
    name: 'execute',
    arguments: { execution },
  };
  if (deviceId !== undefined) mcp.arguments = { ...mcp.arguments, deviceId };
  return { json: JSON.stringify(execution, null, 2), cli, mcp: JSON.stringify(mcp, null, 2) };
}
