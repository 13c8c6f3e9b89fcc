// The operator driver: preflight → arm the result stream → one `am broadcast` → one terminal envelope for this
// commandId from the device log → the app's failure envelopes in svc's terms → host post-processing. The device
// lock is held by the caller.
import type { ShellOutput } from '../../../adapters/adb/adb-port.ts';
import { codeOf } from '../../../contracts/conditions.ts';
import { buildBroadcastCommand, serializeExecution } from '../../../contracts/dispatch.ts';
import { SvcError } from '../../../contracts/errors.ts';
import { variantOf } from '../../../contracts/operator-variants.ts';
import { RESULT_MARGIN_MS } from '../../../core/config.ts';
import type { SvcContext } from '../../../core/context.ts';
import { cssSelectorsOf } from '../../../web-pages/web-source.ts';
import type { DeviceRun } from '../../device-run.ts';
import type { Driver, DriverOutcome } from '../../driver.ts';
import { interpretAppEnvelope } from './app-envelope.ts';
import { type ArmedResult, armResult } from './armed-result.ts';
import { logRouterOf } from './log-router.ts';
import { firstAppMissing } from './missing-app.ts';
import { operatorActionsOfVariant } from './operator-actions.ts';
import { operatorUid } from './operator-identity.ts';
import { withPagesInSnapshots } from './page-snapshots.ts';
import { postProcess } from './post-process.ts';
import { forceStopClosedApps, refuseClosingOperator, refusePercentIds } from './preflight.ts';
import { deviceGoneError, timeoutError } from './timeout-diagnostics.ts';

export const operatorDriver: Driver = {
  name: 'operator',
  // The table of the operator app's variant: what it has no action for, or its parser would drop the payload for (it
  // never answers either), is refused before the broadcast.
  actions: (operatorPackage) => operatorActionsOfVariant(variantOf(operatorPackage)),
  // The app matches selectors itself, comparing resource ids in full, and snapshots the screen at once.
  matchesOnHost: false,
  settledReads: false,
  run: runOnOperator,
};

async function runOnOperator(ctx: SvcContext, run: DeviceRun): Promise<DriverOutcome> {
  const { serial, operatorPackage, execution } = run;
  try {
    refusePercentIds(execution);
    refuseClosingOperator(execution, operatorPackage);
  } catch (error) {
    return { kind: 'error', error: error as SvcError, settle: false };
  }
  // CSS selectors name a page's elements, which svc acts on over DevTools through the adb driver; the app has no CSS.
  // (With --driver auto such an execution runs on the adb driver: executions/page-route.ts.)
  const css = cssSelectorsOf(execution.actions)[0];
  if (css !== undefined) {
    const error = new SvcError(
      'EXECUTION_ACTION_UNSUPPORTED',
      `the CSS selector ${JSON.stringify(css)} needs the adb driver, which acts on pages through DevTools; the operator app matches accessibility nodes only`,
      { driver: 'operator', css },
      'Run it with --driver auto (the default) or --driver adb, or name the element by its text, role or id.',
    );
    return { kind: 'error', error, settle: false };
  }
  const missing = await firstAppMissing(ctx, run);
  if (missing !== undefined) return { kind: 'envelope', envelope: missing };
  // Armed in parallel with the presence check: both are one device round trip, and the common case needs both.
  const arming = armResult(ctx, serial, execution.commandId);
  arming.catch(() => {});
  try {
    // Presence and uid in one round trip: a missing receiver still answers the broadcast with result=0, and only
    // lines written under the operator's uid may answer for it.
    const uid = run.operatorUid ?? (await operatorUid(ctx.adb, serial, operatorPackage));
    const forceStopped = await forceStopClosedApps(ctx.adb, serial, execution);
    const armed = await arming;
    armed.trust(uid);
    const started = ctx.clock.monotonic();
    const broadcast = await broadcastExecution(ctx, run);
    const outcome = await armed.wait(execution.timeoutMs + RESULT_MARGIN_MS - (ctx.clock.monotonic() - started));
    if (outcome.kind === 'timeout') {
      // The follow said it was open, yet no envelope came: never let a dead follow cost a second execution.
      logRouterOf(ctx).rebuildIfOpen(serial);
      const error = timeoutError({ run, armed, broadcast, waitedMs: Math.round(ctx.clock.monotonic() - started) });
      return { kind: 'error', error, settle: true };
    }
    if (outcome.kind === 'device_gone') {
      return { kind: 'error', error: deviceGoneError(run, armed, outcome.adbState), settle: false };
    }
    if (outcome.kind === 'rejected')
      return { kind: 'error', error: rejectedError(run, outcome.message), settle: false };
    if (outcome.kind === 'malformed') {
      const details = { ...outcome.error.details, deviceId: serial, operatorPackage };
      return { kind: 'error', error: new SvcError(outcome.error.code, outcome.error.message, details), settle: false };
    }
    const processed = await postProcess(ctx, {
      execution,
      envelope: interpretAppEnvelope(outcome.envelope, armed.collector, execution),
      collector: armed.collector,
      serial,
      cwd: run.cwd,
      forceStopped,
    });
    const envelope = await withPagesInSnapshots(ctx, serial, execution, processed);
    return { kind: 'envelope', envelope };
  } catch (error) {
    if (error instanceof SvcError) return { kind: 'error', error, settle: false };
    throw error;
  } finally {
    await arming.then(
      (armed: ArmedResult) => armed.close(),
      () => {},
    );
  }
}

async function broadcastExecution(ctx: SvcContext, run: DeviceRun): Promise<ShellOutput> {
  const command = buildBroadcastCommand(run.operatorPackage, serializeExecution(run.execution));
  let out: ShellOutput;
  try {
    out = await ctx.adb.shell(run.serial, command);
  } catch (error) {
    if (error instanceof SvcError && error.code !== codeOf('deviceGone')) throw error;
    // The transport dropped after the broadcast was sent (device hiccup, unplug, adb restart), before or while
    // `am broadcast` answered: the intent may well have been delivered, so the envelope decides (the log follow
    // resumes); RESULT_ENVELOPE_TIMEOUT if it never comes. Only a broadcast never sent (the device was not found) fails.
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

/** The operator logged that it could not parse a payload and never took ours: nothing ran. */
function rejectedError(run: DeviceRun, message: string): SvcError {
  return new SvcError(
    'OPERATOR_PAYLOAD_REJECTED',
    `The operator app ${run.operatorPackage} could not read the execution ${run.execution.commandId} and ran nothing ("${message}").`,
    {
      deviceId: run.serial,
      operatorPackage: run.operatorPackage,
      commandId: run.execution.commandId,
      operatorSaid: message,
    },
  );
}
