// A device tool looked up by its name (the HTTP route and the MCP server know tools by name).
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { DEVICE_TOOLS, deviceToolNamed } from './catalog.ts';
import { runTool, type ToolOutcome, type ToolRequest } from './run-tool.ts';

export function runNamedTool(ctx: SvcContext, name: string, request: ToolRequest): Promise<ToolOutcome> {
  const tool = deviceToolNamed(name);
  if (tool === undefined) {
    throw new SvcError('NOT_FOUND', `No device tool named ${JSON.stringify(name)}.`, {
      tool: name,
      tools: DEVICE_TOOLS.map((t) => t.name),
    });
  }
  return runTool(ctx, tool, request);
}
