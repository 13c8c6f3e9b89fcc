// Runs one device tool for any front end: arguments checked first (no device touched for a bad input), then the
// device resolved by the one target rule (NO_DEVICES, DEVICE_NOT_FOUND, MULTIPLE_DEVICES_DEVICE_ID_REQUIRED), the
// device's execution lock taken for tools that change the screen or the apps (waiting up to waitDeviceMs for an
// execution in flight), and the result returned as `{ ok: true, deviceId, ...result }`. Failures throw SvcError.
import { SvcError } from '../contracts/errors.ts';
import { mergeValidationErrors, validationErrorOf } from '../contracts/validation-issue.ts';
import type { SvcContext } from '../core/context.ts';
import type { DeviceWanted } from '../devices/resolve-device.ts';
import { resolveDeviceWithin } from '../devices/wait-device.ts';
import { lockWithin } from '../executions/run-on-device.ts';
import type { DeviceTool, ToolProgress, ToolResult } from './tool.ts';
import { parseToolArguments } from './tool-arguments.ts';

export interface ToolRequest {
  args: unknown;
  target: DeviceWanted;
  cwd?: string | undefined;
  /** Confine the files a tool writes on this computer to this folder (servers: the screenshots folder). */
  outputDir?: string | undefined;
  /** The folder a server reads host files from (null: none; unset on the CLI). See ToolCall.apksDir. */
  apksDir?: string | null | undefined;
  /** How long to wait for a device busy with an execution (locking tools only); default 0 = fail at once. */
  waitDeviceMs?: number | undefined;
  progress?: ((event: ToolProgress) => void) | undefined;
  /** Problems the front end found in its own fields (an HTTP body's deviceId), told with the arguments' problems. */
  fieldsError?: SvcError | undefined;
}

export type ToolOutcome = { ok: true; deviceId: string } & ToolResult;

export async function runTool<I>(ctx: SvcContext, tool: DeviceTool<I>, request: ToolRequest): Promise<ToolOutcome> {
  const parsed = validationErrorOf(() => parseToolArguments(tool.name, tool.args, request.args));
  const invalid = mergeValidationErrors([request.fieldsError, parsed.error]);
  if (invalid !== undefined) throw invalid;
  const args = parsed.value as I;
  // A wait asked for covers the device itself too: an adb server restarting, a device briefly offline.
  const { device, leftMs } = await resolveDeviceWithin(ctx, request.target, request.waitDeviceMs ?? 0);
  const serial = device.serial;
  const call = {
    ctx,
    serial,
    args,
    cwd: request.cwd ?? ctx.cwd,
    outputDir: request.outputDir,
    apksDir: request.apksDir,
    progress: request.progress ?? (() => {}),
  };
  if (!tool.locksDevice) return { ok: true, deviceId: serial, ...(await tool.run(call)) };
  const owner = { serial, operatorPackage: `svc-tool:${tool.name}` };
  const attempt = await lockWithin(ctx, owner, leftMs);
  if (!attempt.ok) {
    throw new SvcError(
      'EXECUTION_CONFLICT_IN_FLIGHT',
      `${serial} is busy with another execution; ${tool.name} did not run.`,
      {
        deviceId: serial,
        ...(attempt.holder.pid === undefined ? {} : { holderPid: attempt.holder.pid }),
      },
    );
  }
  try {
    return { ok: true, deviceId: serial, ...(await tool.run(call)) };
  } finally {
    await attempt.lock.release();
  }
}
