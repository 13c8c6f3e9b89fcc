// The one path from a tool call to a device: validate with the contracts (before any adb call), resolve the target
// by the same rule as every front end, then submit (through the device's daemon unless `svc mcp --no-daemon`).

import { randomBytes } from 'node:crypto';
import { homedir } from 'node:os';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Ids } from '../builders/cli-ids.ts';
import type { BuiltExecution } from '../builders/execution.ts';
import { homeOf } from '../contracts/env.ts';
import type { SvcError } from '../contracts/errors.ts';
import { timeoutGivenIn } from '../contracts/execution-defaults.ts';
import { type ScreenChoice, screenRequestOf } from '../contracts/screen-request.ts';
import { isFullSuccess, type RunResult } from '../contracts/types.ts';
import { screenshotsDirOf } from '../executions/screenshot-paths.ts';
import { prepareSubmission } from '../submit/prepare.ts';
import { resolveTarget, type Target } from '../submit/target.ts';
import { runText } from './result-text.ts';
import { MCP_DEFAULT_WAIT_DEVICE_MS } from './schema-parts.ts';
import { checkArguments, errorResult, int, invalidParams, type McpRuntime, str, type ToolArgs } from './tool-kit.ts';

/** `source` of the executions the MCP tools build (M-4). */
export const MCP_SOURCE = 'svc-mcp';

/**
 * `mcp-<tool>-<epoch ms>-<24 hex>`, commandId = taskId, like the CLI's `cli-<verb>-...` (C-CLI-4). 96 random bits:
 * nothing on the device can guess an id to answer for it.
 */
export function mcpIds(tool: string, now: number = Date.now()): Ids {
  const id = `mcp-${tool}-${now}-${randomBytes(12).toString('hex')}`;
  return { commandId: id, taskId: id };
}

/** A builder's execution, marked as coming from MCP. */
export function fromMcp(built: BuiltExecution): BuiltExecution {
  return { ...built, source: MCP_SOURCE };
}

/** The call's device, operator package and driver, else `svc mcp`'s defaults, else the environment's. */
export function targetOfCall(args: ToolArgs, runtime: McpRuntime): Target {
  return resolveTarget(
    {
      deviceId: str(args, 'deviceId'),
      defaultDeviceId: runtime.defaultDeviceId,
      operatorPackage: str(args, 'operatorPackage'),
      defaultOperatorPackage: runtime.defaultOperatorPackage,
      driver: str(args, 'driver'),
      defaultDriver: runtime.defaultDriver,
      allowUntestedOperator: args.allowUntestedOperator === true ? true : undefined,
    },
    runtime.env,
  );
}

/**
 * Validates and submits; a contracts validation failure is InvalidParams (said in the tool's argument names by
 * `restate`, for the tools whose arguments are not the execution itself), the rest is the run result.
 */
export async function runOnDevice(
  raw: unknown,
  args: ToolArgs,
  runtime: McpRuntime,
  restate: (error: SvcError) => SvcError = (error) => error,
  screenByDefault: ScreenChoice = 'diff',
): Promise<RunResult> {
  // The screen after the run (the tool's `screen`, else its default), as this server's client last read it.
  const screen = checkArguments(() =>
    screenRequestOf(
      { screen: args.screen, maxChars: args.maxChars, maxElements: args.maxElements },
      { screen: screenByDefault, client: runtime.client },
    ),
  );
  const prepared = await prepareSubmission({
    raw,
    target: (invalid) => (invalid === undefined ? targetOfCall(args, runtime) : undefined),
    // A tool call's screenshot paths stay inside the screenshots folder, as an HTTP request's do.
    screenshotsDir: screenshotsDirOf(runtime.env, homeOf(runtime.env, homedir)),
    cwd: runtime.cwd,
    verbose: false,
    waitDeviceMs: int(args, 'waitDeviceMs') ?? MCP_DEFAULT_WAIT_DEVICE_MS,
    // Only `execute` takes an execution, and its timeoutMs is the caller's own when written there.
    timeoutGiven: timeoutGivenIn(args.execution),
  });
  if (prepared.ok) return runtime.submit({ ...prepared.request, screen });
  const { step, error } = prepared;
  if (step === 'target') throw invalidParams(error);
  if (step === 'execution' && error.code === 'EXECUTION_VALIDATION_FAILED') throw invalidParams(restate(error));
  return { ok: false, error: (step === 'screenshots' ? restate(error) : error).toBody() };
}

/** A run result as a tool result: its text, flagged isError exactly when the CLI would exit 1 (DECISIONS 19). */
export function runResultToTool(result: RunResult, extra: CallToolResult['content'] = []): CallToolResult {
  if (!result.ok) return errorResult(result.error);
  return { content: [{ type: 'text', text: runText(result) }, ...extra], isError: !isFullSuccess(result) };
}
