// The one path from a tool call to a device: validate with the contracts (before any adb call), then dispatch
// through the CLI's seam (cli/dispatch-execution.ts), so MCP gets the daemon's warm path exactly when the CLI does.
import { randomBytes } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BuiltExecution, Ids } from '../builders/execution.ts';
import { isFullSuccess, type RunResult } from '../contracts/types.ts';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { resolveOperatorPackage } from '../operator/resolve-package.ts';
import { errorResult, invalidParams, type McpRuntime, str, type ToolArgs } from './tool-kit.ts';

/** `source` of the executions the MCP tools build (M-4). */
export const MCP_SOURCE = 'svc-mcp';

/** `mcp-<tool>-<epoch ms>-<6 hex>`, commandId = taskId, like the CLI's `cli-<verb>-...` (C-CLI-4). */
export function mcpIds(tool: string, now: number = Date.now()): Ids {
  const id = `mcp-${tool}-${now}-${randomBytes(3).toString('hex')}`;
  return { commandId: id, taskId: id };
}

/** A builder's execution, marked as coming from MCP. */
export function fromMcp(built: BuiltExecution): BuiltExecution {
  return { ...built, source: MCP_SOURCE };
}

const nonBlank = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value : undefined);

/** The call's device, else `svc mcp --device`, else ANDROID_SERIAL (DECISIONS 16), else SPEC 3.3 selection. */
export function requestedDevice(args: ToolArgs, runtime: McpRuntime): string | undefined {
  return str(args, 'deviceId') ?? runtime.defaultDeviceId ?? nonBlank(runtime.env.ANDROID_SERIAL);
}

export function requestedPackage(args: ToolArgs, runtime: McpRuntime): string {
  return resolveOperatorPackage(str(args, 'operatorPackage') ?? runtime.defaultOperatorPackage, runtime.env);
}

/** Validates and dispatches; a contracts validation failure is InvalidParams, the rest is the run result. */
export async function runOnDevice(raw: unknown, args: ToolArgs, runtime: McpRuntime): Promise<RunResult> {
  const outcome = normalizeAndValidateExecution(raw);
  if (!outcome.ok) {
    if (outcome.error.code === 'EXECUTION_VALIDATION_FAILED') throw invalidParams(outcome.error);
    return { ok: false, error: outcome.error.toBody() };
  }
  // Loaded on first use, like the CLI does, so listing tools never loads the adb stack.
  const { dispatchExecution } = await import('../cli/dispatch-execution.ts');
  return dispatchExecution({
    execution: outcome.execution,
    deviceId: requestedDevice(args, runtime),
    operatorPackage: requestedPackage(args, runtime),
    cwd: runtime.cwd,
    verbose: false,
    daemon: runtime.daemon,
    env: runtime.env,
  });
}

/** One line an agent can read before the JSON: what happened, and the first failing step's code. */
function headline(result: Extract<RunResult, { ok: true }>): string {
  const steps = result.envelope.stepResults ?? [];
  const failed = steps.find((step) => !step.success);
  if (result.envelope.status !== 'success') {
    return `execution failed on ${result.deviceId}: ${result.envelope.errorCode ?? 'no code'} ${result.envelope.error ?? ''}`.trim();
  }
  if (failed) {
    return `step ${failed.id} (${failed.actionType}) failed on ${result.deviceId}: ${failed.data.error ?? failed.error ?? 'no code'} ${failed.data.message ?? ''}`.trim();
  }
  return `ok: ${steps.length} step(s) succeeded on ${result.deviceId}`;
}

/** A run result as a tool result: isError exactly when the CLI would exit 1 (DECISIONS 19). */
export function runResultToTool(result: RunResult, extra: CallToolResult['content'] = []): CallToolResult {
  if (!result.ok) return errorResult(result.error);
  return {
    content: [
      { type: 'text', text: headline(result) },
      { type: 'text', text: JSON.stringify(result, null, 2) },
      ...extra,
    ],
    structuredContent: result as unknown as Record<string, unknown>,
    isError: !isFullSuccess(result),
  };
}
