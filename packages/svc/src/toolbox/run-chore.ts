// Runs one chore for any front end: params checked first by the chore's field rules (no device touched for a bad
// input), then the device resolved by the one target rule (NO_DEVICES, DEVICE_NOT_FOUND,
// MULTIPLE_DEVICES_DEVICE_ID_REQUIRED), the device's execution lock taken for chores that change the screen or the
// apps (waiting up to waitDeviceMs for an execution in flight), and the result returned as
// `{ ok: true, deviceId, ...result }`. Failures throw SvcError.
import type { ChoreDefinition } from '../contracts/chores/define.ts';
import type { ChoreName } from '../contracts/chores/index.ts';
import { SvcError } from '../contracts/errors.ts';
import { validateChoreParams } from '../contracts/validate-params.ts';
import { mergeValidationErrors } from '../contracts/validation-issue.ts';
import type { SvcContext } from '../core/context.ts';
import type { DeviceWanted } from '../devices/resolve-device.ts';
import { resolveDeviceWithin } from '../devices/wait-device.ts';
import { lockWithin } from '../executions/run-on-device.ts';
import type { ChoreCall, ChoreProgress, ChoreResult, ChoreRunner } from './chore.ts';
import { CHORE_RUNNERS } from './chore-runners.ts';

export interface ChoreRequest {
  /** The chore's params as the caller gave them (checked here). */
  params: unknown;
  target: DeviceWanted;
  cwd?: string | undefined;
  /** Confine the files a chore writes on this computer to this folder (servers: the screenshots folder). */
  outputDir?: string | undefined;
  /** The folder a server reads host files from (null: none; unset on the CLI). See ChoreCall.apksDir. */
  apksDir?: string | null | undefined;
  /** How long to wait for a device busy with an execution (locking chores only); default 0 = fail at once. */
  waitDeviceMs?: number | undefined;
  progress?: ((event: ChoreProgress) => void) | undefined;
  /** Problems the front end found in its own fields (an HTTP body's deviceId), told with the params' problems. */
  fieldsError?: SvcError | undefined;
}

export type ChoreOutcome = { ok: true; deviceId: string } & ChoreResult;

export async function runChore(ctx: SvcContext, chore: ChoreDefinition, request: ChoreRequest): Promise<ChoreOutcome> {
  const checked = validateChoreParams(chore, request.params);
  const invalid = mergeValidationErrors([request.fieldsError, checked.ok ? undefined : checked.error]);
  if (invalid !== undefined) throw invalid;
  const params = checked.ok ? checked.params : {};
  // A wait asked for covers the device itself too: an adb server restarting, a device briefly offline.
  const { device, leftMs } = await resolveDeviceWithin(ctx, request.target, request.waitDeviceMs ?? 0);
  const serial = device.serial;
  const call: ChoreCall<unknown> = {
    ctx,
    serial,
    params,
    cwd: request.cwd ?? ctx.cwd,
    outputDir: request.outputDir,
    apksDir: request.apksDir,
    progress: request.progress ?? (() => {}),
  };
  // The runner table is complete by name (its type says so), and the params were checked by this chore's rules.
  const runner = CHORE_RUNNERS[chore.name as ChoreName] as ChoreRunner<unknown> as (
    call: ChoreCall<unknown>,
  ) => Promise<ChoreResult>;
  if (!chore.locksDevice) return { ok: true, deviceId: serial, ...(await runner(call)) };
  const owner = { serial, operatorPackage: `svc-chore:${chore.name}` };
  const attempt = await lockWithin(ctx, owner, leftMs);
  if (!attempt.ok) {
    throw new SvcError(
      'EXECUTION_CONFLICT_IN_FLIGHT',
      `${serial} is busy with another execution; ${chore.name} did not run.`,
      { deviceId: serial, ...(attempt.holder.pid === undefined ? {} : { holderPid: attempt.holder.pid }) },
    );
  }
  try {
    return { ok: true, deviceId: serial, ...(await runner(call)) };
  } finally {
    await attempt.lock.release();
  }
}
