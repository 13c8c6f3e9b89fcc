// Runs one step with its retry policy, emitting [svc-Event] progress lines, and turns the outcome into a step result.
import type { ActionContext, ActionHandler } from './context.ts';
import type { OperatorOutput } from './emit.ts';
import type { StepResult } from './envelope.ts';
import type { ActionSpec } from './payload.ts';
import { resolveRetry, retryDelayMs } from './retry.ts';
import { ExecutionError, StepError } from './step-error.ts';

export function failedStep(action: ActionSpec, code: string, message: string, data: Record<string, string> = {}) {
  return {
    id: action.id,
    actionType: action.type,
    success: false,
    data: { ...data, error: code, message },
    error: message,
  };
}

/** The step in progress, kept up to date so a deadline can report it (attempt, last failure so far). */
export interface StepProgress {
  action: ActionSpec;
  attempt: number;
  lastError?: StepError;
}

/**
 * The result of the step the execution deadline cut short: failed with EXECUTION_TIMEOUT, plus how far it got
 * (`attempts`) and why it had not succeeded yet (`last_error`, `last_message`), so a timeout is not a blank.
 */
export function timedOutStep(progress: StepProgress, timeoutMs: number): StepResult {
  const last = progress.lastError;
  const why = last ? `; last attempt failed with ${last.code}: ${last.message}` : '';
  const data: Record<string, string> = { attempts: String(progress.attempt) };
  if (last) {
    data.last_error = last.code;
    data.last_message = last.message;
  }
  const message = `execution timed out after ${timeoutMs}ms during this step (attempt ${progress.attempt}${why})`;
  return failedStep(progress.action, 'EXECUTION_TIMEOUT', message, data);
}

export async function runStep(
  action: ActionSpec,
  handler: ActionHandler,
  ctx: ActionContext,
  out: OperatorOutput,
  startedAt: number,
  progress: StepProgress = { action, attempt: 0 },
): Promise<StepResult> {
  if (handler.service === 'ui' && !ctx.accessibilityOn) {
    throw new ExecutionError('SERVICE_UNAVAILABLE', 'operator accessibility service is not running', false);
  }
  if (handler.service === 'panel' && !ctx.accessibilityOn) {
    return failedStep(action, 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE', 'operator accessibility service is not running');
  }
  if (handler.interacts && ctx.ui.blocksInteraction()) {
    throw new ExecutionError('SECURITY_BLOCK_DETECTED', 'a system security overlay blocks interaction');
  }
  const policy = resolveRetry(action.params[handler.retryParam ?? 'retry'], handler.retry);
  const base = { commandId: ctx.commandId, actionId: action.id, actionType: action.type };
  for (let attempt = 1; ; attempt++) {
    progress.attempt = attempt;
    out.event({ ...base, phase: attempt === 1 ? 'start' : 'retry', attempt, elapsedMs: ctx.now() - startedAt });
    try {
      const data = await handler.run(action.params, ctx);
      out.event({ ...base, phase: 'success', attempt, elapsedMs: ctx.now() - startedAt });
      return { id: action.id, actionType: action.type, success: true, data };
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
      progress.lastError = error;
      if (error.retryable && attempt < policy.maxAttempts) {
        await ctx.sleep(retryDelayMs(policy, attempt));
        continue;
      }
      out.event({ ...base, phase: 'failure', attempt, elapsedMs: ctx.now() - startedAt });
      return failedStep(action, error.code, error.message, error.data);
    }
  }
}
