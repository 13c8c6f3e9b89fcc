// The device half of an execution, for a payload that is already validated and a device already chosen:
// lock → preflight → arm the result stream → broadcast → one terminal envelope → host post-processing.
// Exported apart from runExecution so tests can send what validation would refuse and see the device answer.
import type { ShellOutput } from '../adapters/adb/adb-port.ts';
import type { SvcContext } from '../app/context.ts';
import { buildBroadcastCommand, serializeExecution } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';
import { isPackageInstalled } from '../operator/resolve-package.ts';
import { type ArmedResult, armResult } from './armed-result.ts';
import type { DeviceRun } from './device-run.ts';
import { acquireExecutionLock } from './execution-lock.ts';
import { failure } from './failure.ts';
import { postProcess } from './post-process.ts';
import { forceStopClosedApps } from './preflight.ts';
import { timeoutError } from './timeout-diagnostics.ts';

/** How much longer than timeoutMs the host waits: dispatch latency and log delivery (OPERATOR-PROTOCOL §5). */
export const RESULT_MARGIN_MS = 5000;
/** SPEC 3.1 / part 8: the lock stays held this long after a RESULT_ENVELOPE_TIMEOUT. */
export const SETTLE_MS = 2000;

export async function dispatchAndAwait(ctx: SvcContext, run: DeviceRun): Promise<RunResult> {
  try {
    return await runOnDevice(ctx, run);
  } catch (error) {
    const result = failure(error);
    // Every failure after device resolution names the device (the server's events read details.deviceId).
    if (!result.ok) result.error.details = { deviceId: run.serial, ...result.error.details };
    return result;
  }
}

async function runOnDevice(ctx: SvcContext, run: DeviceRun): Promise<RunResult> {
  const { serial, operatorPackage, execution } = run;
  const attempt = await acquireExecutionLock(
    { files: ctx.files, clock: ctx.clock, home: ctx.home, isAlive: ctx.isProcessAlive },
    serial,
    operatorPackage,
  );
  if (!attempt.ok) {
    throw new SvcError('EXECUTION_CONFLICT_IN_FLIGHT', `An execution is already in flight on ${serial}.`, {
      deviceId: serial,
      operatorPackage,
      ...(attempt.holder.pid === undefined ? {} : { holderPid: attempt.holder.pid }),
      ...(attempt.holder.settleUntil === undefined ? {} : { settling: true }),
    });
  }
  let settle = false;
  // Armed in parallel with the presence check: both are one device round trip, and the common case needs both.
  const arming = armResult(ctx, serial, execution.commandId);
  arming.catch(() => {});
  try {
    if (!(await isPackageInstalled(ctx.adb, serial, operatorPackage))) {
      throw new SvcError(
        'RECEIVER_NOT_INSTALLED',
        `The operator package ${operatorPackage} is not installed on ${serial}.`,
        {
          deviceId: serial,
          operatorPackage,
        },
      );
    }
    const forceStopped = await forceStopClosedApps(ctx.adb, serial, execution);
    const armed = await arming;
    const started = ctx.clock.monotonic();
    const broadcast = await broadcastExecution(ctx, run);
    const outcome = await armed.wait(execution.timeoutMs + RESULT_MARGIN_MS - (ctx.clock.monotonic() - started));
    if (outcome.kind === 'timeout') {
      settle = true;
      throw timeoutError({ run, armed, broadcast, waitedMs: Math.round(ctx.clock.monotonic() - started) });
    }
    if (outcome.kind === 'malformed') {
      throw new SvcError(outcome.error.code, outcome.error.message, {
        ...outcome.error.details,
        deviceId: serial,
        operatorPackage,
      });
    }
    const envelope = await postProcess(ctx, {
      execution,
      envelope: outcome.envelope,
      collector: armed.collector,
      serial,
      cwd: run.cwd,
      forceStopped,
    });
    return { ok: true, deviceId: serial, terminalSource: 'svc_result', envelope };
  } finally {
    await arming.then(
      (armed: ArmedResult) => armed.close(),
      () => {},
    );
    await (settle ? attempt.lock.settle(SETTLE_MS) : attempt.lock.release());
  }
}

async function broadcastExecution(ctx: SvcContext, run: DeviceRun): Promise<ShellOutput> {
  const command = buildBroadcastCommand(run.operatorPackage, serializeExecution(run.execution));
  let out: ShellOutput;
  try {
    out = await ctx.adb.shell(run.serial, command);
  } catch (error) {
    if (error instanceof SvcError) throw error;
    // The transport dropped while `am broadcast` ran (device hiccup, adb restart): the intent may well have been
    // delivered, so the envelope decides (the log follow resumes); RESULT_ENVELOPE_TIMEOUT if it never comes.
    return { stdout: '', stderr: error instanceof Error ? error.message : String(error), exitCode: -1 };
  }
  if (out.exitCode !== 0 || !/Broadcast completed/.test(out.stdout)) {
    throw new SvcError('BROADCAST_FAILED', `\`am broadcast\` failed on ${run.serial} (exit ${out.exitCode}).`, {
      deviceId: run.serial,
      operatorPackage: run.operatorPackage,
      exitCode: out.exitCode,
      stdout: out.stdout.trim().slice(0, 2000),
      stderr: out.stderr.trim().slice(0, 2000),
    });
  }
  return out;
}
