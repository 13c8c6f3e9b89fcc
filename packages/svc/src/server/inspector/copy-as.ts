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

export function copyForms(execution: Execution): CopyForms {
  const [action] = execution.actions;
  const single = execution.actions.length === 1 && action !== undefined;
  const flat = single ? commandLineOf(action, execution.timeoutMs) : undefined;
  const cli = flat ?? ['svc', 'exec', quoteShellArg(JSON.stringify(execution))].join(' ');
  const tool = single ? toolCallOf(action, execution.timeoutMs) : undefined;
  const mcp = tool ?? { name: 'execute', arguments: { execution } };
  return { json: JSON.stringify(execution, null, 2), cli, mcp: JSON.stringify(mcp, null, 2) };
}
