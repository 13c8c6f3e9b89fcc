// The execute use case behind every surface, for an execution already validated at the edge: resolve the device,
// take its lock (waiting a bounded time when asked), choose the driver, refuse what the driver cannot do before any
// device command, run, and summarize. Never throws for expected failures: they come back as
// `{ ok: false, error: { code, message, details? } }`.
import { transportEnded } from '../adapters/adb/transport-ended.ts';
import { codeOf } from '../contracts/conditions.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { withoutTypedText } from '../contracts/typed-text.ts';
import { type RunResult, summarize, type ValidExecution } from '../contracts/types.ts';
import { SETTLE_MS } from '../core/config.ts';
import type { SvcContext } from '../core/context.ts';
import { deviceIdentityKey } from '../devices/device-identity.ts';
import { resolveDeviceWithin } from '../devices/wait-device.ts';
import { chooseDriver, forgetDriverChoice } from './choose-driver.ts';
import type { DeviceRun } from './device-run.ts';
import type { Driver } from './driver.ts';
import { refuseUnsupported } from './driver-table.ts';
import { acquireExecutionLock, type LockAttempt } from './execution-lock.ts';
import { routeForAuto } from './page-route.ts';
import type { ScreenRequest } from './refs/client-screen.ts';
import { prepareSelectors } from './refs/prepare-selectors.ts';
import { screensOfRun } from './refs/screens-of-run.ts';
import { seenByCaller } from './refs/seen-by-caller.ts';
import type { Target } from './target.ts';

/** The one request of an execution: front ends submit it (submit/request.ts), the daemon proxy carries it. */
export interface ExecutionRequest {
  execution: ValidExecution;
  target: Target;
  /** Relative screenshot paths resolve against it (default: the context's cwd). */
  cwd?: string | undefined;
  /** Adds device output to diagnostics (never written to disk by this use case). */
  verbose?: boolean | undefined;
  /** How long to wait for a device busy with another execution before EXECUTION_CONFLICT_IN_FLIGHT (default 0). */
  waitDeviceMs?: number | undefined;
  /** The caller gave the execution's timeout itself: a miss on a still screen keeps its retries until it passes. */
  timeoutGiven?: boolean | undefined;
  /**
   * Screens as a client wants them: snapshot steps compact, and the screen after the run (refs/screens-of-run.ts).
   * Without it snapshot steps keep their XML and only a selector that found nothing reads the screen.
   */
  screen?: ScreenRequest | undefined;
}

export async function runOnDevice(ctx: SvcContext, request: ExecutionRequest): Promise<RunResult> {
  let serial: string | undefined;
  try {
    // A wait asked for covers the device itself too: an adb server restarting, a device briefly offline.
    const waitDeviceMs = request.waitDeviceMs ?? 0;
    const { device, leftMs } = await resolveDeviceWithin(ctx, request.target, waitDeviceMs);
    serial = device.serial;
    // Who the phone is (the lock's name) is asked while the driver is chosen: one round trip each, side by side.
    deviceIdentityKey(ctx, serial).catch(() => {});
    const chosen = await chooseDriver(ctx, serial, request.target);
    // `auto` hands an execution that acts on a page to the adb driver (page-route.ts); a forced driver is kept.
    const auto = request.target.driver === 'auto';
    const routed = auto ? await routeForAuto(ctx, serial, chosen, request.execution) : chosen;
    const { driver, operatorPackage, operatorUid } = routed;
    const refused = refuseUnsupported(driver.name, driver.actions(operatorPackage), request.execution);
    if (refused !== undefined) throw refused;
    const run: DeviceRun = {
      execution: request.execution,
      serial,
      operatorPackage,
      cwd: request.cwd ?? ctx.cwd,
      verbose: request.verbose ?? false,
      operatorUid,
      timeoutGiven: request.timeoutGiven === true,
    };
    const result = await runLocked(ctx, driver, run, waitDeviceMs, leftMs, request.screen);
    // An operator that went away (uninstalled, service off) makes `auto` ask again next time.
    if (request.target.driver === 'auto' && driver.name === 'operator' && needsNewChoice(result)) {
      forgetDriverChoice(ctx, serial);
    }
    return result;
  } catch (error) {
    return failureOn(serial, (serial === undefined ? undefined : transportEnded(error, serial)) ?? error);
  }
}

const STALE_OPERATOR = new Set<string>([codeOf('operatorMissing'), 'SERVICE_UNAVAILABLE']);

function needsNewChoice(result: RunResult): boolean {
  return result.ok ? STALE_OPERATOR.has(result.envelope.errorCode ?? '') : STALE_OPERATOR.has(result.error.code);
}

/**
 * One execution through one driver on a resolved device, under the device's lock, waiting for it `lockWaitMs` (what
 * is left of the caller's `waitDeviceMs`).
 */
export async function runLocked(
  ctx: SvcContext,
  driver: Driver,
  run: DeviceRun,
  waitDeviceMs = 0,
  lockWaitMs = waitDeviceMs,
  screen?: ScreenRequest,
): Promise<RunResult> {
  const attempt = await lockWithin(ctx, run, lockWaitMs);
  if (!attempt.ok) {
    throw new SvcError('EXECUTION_CONFLICT_IN_FLIGHT', `An execution is already in flight on ${run.serial}.`, {
      deviceId: run.serial,
      operatorPackage: run.operatorPackage,
      ...(attempt.holder.pid === undefined ? {} : { holderPid: attempt.holder.pid }),
      ...(attempt.holder.settleUntil === undefined ? {} : { settling: true }),
      ...(waitDeviceMs > 0 ? { waitedMs: waitDeviceMs } : {}),
    });
  }
  let settle = false;
  try {
    // Refs and short ids are checked against the screen now and replaced, under this lock.
    const client = screen?.client ?? '';
    const prepared = {
      ...(await prepareSelectors(ctx, driver, run, client)),
      seenByCaller: seenByCaller(ctx, run.serial, client),
    };
    const outcome = await driver.run(ctx, prepared);
    if (outcome.kind === 'error') {
      settle = outcome.settle;
      return failureOn(run.serial, outcome.error);
    }
    // The typed text is not echoed back (its length is): see contracts/typed-text.ts.
    const shown = await screensOfRun(ctx, driver, prepared, withoutTypedText(outcome.envelope), screen);
    const { envelope } = shown;
    return {
      ok: true,
      deviceId: run.serial,
      driver: driver.name,
      terminalSource: 'svc_result',
      ...summarize(envelope),
      envelope,
      ...(shown.screen === undefined ? {} : { screen: shown.screen }),
    };
  } finally {
    await (settle ? attempt.lock.settle(SETTLE_MS) : attempt.lock.release());
  }
}

const LOCK_RETRY_MS = 100;

/** The device's execution lock, retried until `waitMs` has passed (the device tools take it too). */
export async function lockWithin(
  ctx: SvcContext,
  run: Pick<DeviceRun, 'serial' | 'operatorPackage'>,
  waitMs: number,
): Promise<LockAttempt> {
  const deps = { files: ctx.files, clock: ctx.clock, home: ctx.home, isAlive: ctx.isProcessAlive };
  // One phone, one lock, however the caller named it, over whichever adb server: keyed by what the device says it is.
  const key = await deviceIdentityKey(ctx, run.serial);
  const deadline = ctx.clock.monotonic() + waitMs;
  for (;;) {
    const attempt = await acquireExecutionLock(deps, run.serial, run.operatorPackage, key);
    const left = deadline - ctx.clock.monotonic();
    if (attempt.ok || left <= 0) return attempt;
    await ctx.clock.sleep(Math.min(LOCK_RETRY_MS, left));
  }
}

/** Every failure after device resolution names the device (the server's events read details.deviceId). */
function failureOn(serial: string | undefined, error: unknown): RunResult {
  const body = errorBodyOf(error);
  if (serial !== undefined) body.details = { deviceId: serial, ...body.details };
  return { ok: false, error: body };
}
