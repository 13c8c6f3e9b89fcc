// The adb driver's execution loop: each action in order with its retry policy (the operator's presets), a returned
// failure not stopping the next ones, a failure the operator app treats as fatal (fatal.ts) ending the execution
// with the steps so far and that step (as svc's operator driver reports it: ACTION_FAILED, `Task execution failed:
// <message>`), and the execution's own timeout as the one wall-clock limit. When the timeout
// passes, the envelope fails with EXECUTION_TIMEOUT and still carries every step so far, the running one failed
// with its last error, so the caller sees which step was running and why. A host whose adb server goes away
// mid-execution ends it the same way, with ADB_SERVER_LOST, and a device that leaves (unplugged, offline) with
// DEVICE_DISCONNECTED, as the operator driver reports it.

import { definitionOf } from '../../../contracts/actions/index.ts';
import { codeOf } from '../../../contracts/conditions.ts';
import { SvcError } from '../../../contracts/errors.ts';
import { retryDelayMs, retryPolicyOf } from '../../../contracts/retry.ts';
import type { Action, ActionType, ResultEnvelope, StepResult } from '../../../contracts/types.ts';
import type { SvcContext } from '../../../core/context.ts';
import { DeviceShell } from '../../../device-shell/device-shell.ts';
import { DumpError, type DumpStats } from '../../../device-shell/dump.ts';
import type { DeviceRun } from '../../device-run.ts';
import { entryOf, isUnsupported } from '../../driver-table.ts';
import type { AdbAction, AdbTable } from './actions/adb-table.ts';
import { isFatal } from './fatal.ts';
import { describeMatcher } from './screen.ts';
import { ExecutionFailure, failed, type StepContext, StepFailure, succeeded, TimedOut } from './step.ts';
import { afterMiss, STILL_LOOK_MS } from './still-miss.ts';

/**
 * The step the deadline cut short, as the simulated operator reports it: failed with EXECUTION_TIMEOUT, `attempts`,
 * and the last failure so far (`last_error`, `last_message`).
 */
function timedOutStep(action: StepContext['action'], timedOut: TimedOut, timeoutMs: number): StepResult {
  const { last, attempt } = timedOut;
  const data: Record<string, string> = { attempts: String(attempt) };
  if (last) Object.assign(data, { last_error: last.code, last_message: last.message });
  const why = last ? `; last attempt failed with ${last.code}: ${last.message}` : '';
  const message = `execution timed out after ${timeoutMs}ms during this step (attempt ${attempt}${why})`;
  return failed(action, 'EXECUTION_TIMEOUT', message, data);
}

export async function runSteps(
  ctx: SvcContext,
  run: DeviceRun,
  table: AdbTable,
  stats: DumpStats,
): Promise<ResultEnvelope> {
  const { execution } = run;
  const shell = new DeviceShell(ctx, run.serial);
  const deadline = ctx.clock.monotonic() + execution.timeoutMs;
  const steps: StepResult[] = [];
  const envelope = (status: 'success' | 'failed', error: string | null, errorCode?: string): ResultEnvelope => ({
    commandId: execution.commandId,
    taskId: execution.taskId,
    status,
    stepResults: steps,
    error,
    ...(errorCode === undefined ? {} : { errorCode }),
  });
  // Only the first step sees the screen as it was read before the run; anything later may follow a change.
  const before = { tree: run.screenBefore };
  for (const [index, action] of execution.actions.entries()) {
    try {
      steps.push(await runAction(table, { ctx, run, shell, action, index, deadline, stats, before, looked: [] }));
    } catch (error) {
      if (error instanceof TimedOut) {
        steps.push(timedOutStep(action, error, execution.timeoutMs));
        return envelope('failed', `execution timed out after ${execution.timeoutMs}ms`, 'EXECUTION_TIMEOUT');
      }
      if (error instanceof FatalStep) {
        steps.push(error.step);
        return envelope('failed', `Task execution failed: ${error.message}`, 'ACTION_FAILED');
      }
      if (error instanceof ExecutionFailure) return envelope('failed', error.message, error.code);
      const lost = hostLost(error, steps.length);
      if (lost !== undefined) {
        steps.push(failed(action, 'ADB_SERVER_LOST', lost));
        return envelope('failed', lost, 'ADB_SERVER_LOST');
      }
      const gone = await deviceGone(ctx, run.serial);
      if (gone !== undefined) {
        steps.push(failed(action, codeOf('deviceGone'), gone));
        return envelope('failed', gone, codeOf('deviceGone'));
      }
      throw error;
    } finally {
      before.tree = undefined;
    }
  }
  return envelope('success', null);
}

/**
 * The host's adb server gone once the execution is under way (several adb servers): the execution ends with
 * ADB_SERVER_LOST and keeps the steps that ran, as the operator's does not lose a result. Before any step finished,
 * a refused connection stays ADB_SERVER_FAILED (nothing ran), thrown as it came.
 */
function hostLost(error: unknown, stepsDone: number): string | undefined {
  if (!(error instanceof SvcError)) return undefined;
  if (error.code !== 'ADB_SERVER_LOST' && !(error.code === 'ADB_SERVER_FAILED' && stepsDone > 0)) return undefined;
  return `the adb server of this device's host stopped answering during this step (${error.message}); it may have run on the device`;
}

/**
 * A device command failed outside the step's own rules: is the device still there? When the adb server no longer
 * lists it as `device` (unplugged, offline), the execution ends with DEVICE_DISCONNECTED and keeps its steps. When
 * no adb server answers, or the device is still there, nothing is concluded and the error stands.
 */
async function deviceGone(ctx: SvcContext, serial: string): Promise<string | undefined> {
  const devices = await ctx.adb.listDevices().catch(() => undefined);
  if (devices === undefined) return undefined;
  const state = devices.find((device) => device.serial === serial)?.state ?? 'not listed';
  if (state === 'device') return undefined;
  return `the device went away during this step (adb: ${state}); the step may have run on the device`;
}

/** One action through its entry of the table (the driver refused unsupported ones before the execution began). */
function runAction<T extends ActionType>(table: AdbTable, step: StepContext<T>): Promise<StepResult> {
  const entry = entryOf(table, step.action);
  if (isUnsupported(entry)) {
    return Promise.resolve(failed(step.action, entry.code, `${step.action.type} ${entry.why}`));
  }
  return runStep(step, entry);
}

/** The step's own retry object, for the actions that take one (scroll_and_click retries its two phases itself). */
function retryOf(action: Action) {
  const { params } = action;
  return params !== undefined && 'retry' in params ? params.retry : undefined;
}

/** A failure the operator app throws: the execution ends with this step, failed. */
class FatalStep extends Error {
  readonly step: StepResult;
  constructor(step: StepResult, message: string) {
    super(message);
    this.step = step;
  }
}

async function runStep<T extends ActionType>(step: StepContext<T>, entry: AdbAction<T>): Promise<StepResult> {
  const { ctx, action } = step;
  const explicitRetry = retryOf(action) !== undefined;
  const policy = retryPolicyOf(retryOf(action), definitionOf(action.type).retry);
  const bound = waitBound(step);
  if (bound !== undefined) step.until = bound.until;
  const end = (failure: StepFailure): StepResult => {
    // A thrown failure has no data of its own in the app: its code and message only (app-envelope.ts).
    if (isFatal(action, failure.code))
      throw new FatalStep(failed(action, failure.code, failure.message), failure.message);
    return failed(action, failure.code, failure.message, failure.data);
  };
  let last: StepFailure | undefined;
  for (let attempt = 1; ; attempt++) {
    if (ctx.clock.monotonic() >= step.deadline) throw new TimedOut(last, attempt - 1);
    if (bound !== undefined && ctx.clock.monotonic() >= bound.until) return end(bound.timedOut());
    try {
      return succeeded(action, await entry.run(step));
    } catch (error) {
      const failure = asStepFailure(error);
      if (failure === undefined) throw error;
      last = failure;
      if (!failure.retryable || attempt >= policy.maxAttempts) return end(failure);
      const next = await afterMiss(step, failure, explicitRetry);
      if (next === 'end') return end(failure);
      const delay = next === 'look-again' ? STILL_LOOK_MS : retryDelayMs(policy, attempt);
      if (bound !== undefined && ctx.clock.monotonic() + delay >= bound.until) {
        // The wait's own timeout passes during the pause: it ends then, as the app's withTimeout cancels the sleep.
        await ctx.clock.sleep(Math.max(0, Math.min(bound.until, step.deadline) - ctx.clock.monotonic()));
        if (ctx.clock.monotonic() >= step.deadline) throw new TimedOut(last, attempt);
        return end(bound.timedOut());
      }
      if (ctx.clock.monotonic() + delay >= step.deadline) throw new TimedOut(last, attempt);
      await ctx.clock.sleep(delay);
    }
  }
}

/**
 * wait_for_node's timeoutMs bounds its whole retry loop, and never extends it: the app runs the loop under
 * withTimeout(timeoutMs) (TaskUiScopeDefault.kt:225-268 @ v0.5.2), each attempt one look at the screen.
 */
function waitBound(step: StepContext): { until: number; timedOut: () => StepFailure } | undefined {
  const { action } = step;
  if (action.type !== 'wait_for_node' || action.params.timeoutMs === undefined) return undefined;
  const { matcher, timeoutMs } = action.params;
  return {
    until: step.ctx.clock.monotonic() + timeoutMs,
    timedOut: () =>
      new StepFailure(
        'NODE_NOT_FOUND',
        `Timeout waiting for node matching: ${describeMatcher(matcher)} (timeoutMs=${timeoutMs})`,
      ),
  };
}

/** A dump that kept failing is the step's failure, with the dump's own code. */
function asStepFailure(error: unknown): StepFailure | undefined {
  if (error instanceof StepFailure) return error;
  if (error instanceof DumpError) return new StepFailure(error.code, error.message, { retryable: false });
  return undefined;
}
