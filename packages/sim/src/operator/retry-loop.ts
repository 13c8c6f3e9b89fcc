// The retry loop of a stage (TaskUiScopeDefault.kt:57-127 and TaskScopeDefault.kt:59-129 @ v0.5.2): attempt 1 at
// once; after a failed attempt k < maxAttempts, sleep d_k = min(initial·multiplier^(k-1), max(maxDelay, initial)),
// drawn in whole ms from [d_k − d_k·jitter, d_k + d_k·jitter] when jitter > 0, then retry; after the last attempt
// the last exception is rethrown. A cancellation (the execution deadline) is never retried.
import type { AppLog } from './app-log.ts';
import type { Job } from './job.ts';
import { CancellationException, KotlinException } from './kotlin.ts';
import type { TaskRetry } from './model.ts';
import type { StatusSink } from './status-sink.ts';

export interface Stage<T> {
  id: string;
  label: string;
  successPayload?: (result: T, elapsedMs: number, attempt: number) => Record<string, string>;
  failurePayload?: (t: KotlinException, attempt: number) => Record<string, string>;
}

export interface RetryContext {
  job: Job;
  log: AppLog;
  sink: StatusSink;
  random: () => number;
}

/** Kotlin Random.nextLong(from, until). */
const nextLong = (random: () => number, from: number, until: number) => from + Math.floor(random() * (until - from));

/** The sleep before the next attempt, in ms (:102-117). */
export function retrySleepMs(retry: TaskRetry, delayNextMs: number, random: () => number): number {
  if (retry.jitterRatio <= 0) return delayNextMs;
  const jitter = delayNextMs * retry.jitterRatio;
  const minMs = Math.trunc(Math.max(0, delayNextMs - jitter));
  const maxMs = Math.trunc(delayNextMs + jitter);
  return minMs < 0 || minMs > maxMs ? delayNextMs : nextLong(random, minMs, maxMs + 1);
}

/** `scope` decides the log lines: TaskUiScope logs an E line on the last failure, TaskScope does not. */
export async function withRetry<T>(
  ctx: RetryContext,
  scope: 'TaskScope' | 'TaskUiScope',
  retry: TaskRetry,
  stage: Stage<T>,
  op: () => Promise<T>,
): Promise<T> {
  ctx.sink.stageStart(stage.id, stage.label);
  let attempt = 1;
  let delayNext = retry.initialDelayMs;
  const maxDelay = Math.max(retry.maxDelayMs, retry.initialDelayMs);
  const start = ctx.job.clock.now();
  for (;;) {
    try {
      const result = await op();
      const elapsed = ctx.job.clock.now() - start;
      ctx.sink.stageSuccess(
        stage.id,
        stage.successPayload?.(result, elapsed, attempt) ?? { elapsed_ms: String(elapsed), attempt: String(attempt) },
      );
      return result;
    } catch (thrown) {
      if (thrown instanceof CancellationException || !(thrown instanceof KotlinException)) throw thrown;
      const t = thrown;
      if (attempt >= retry.maxAttempts) {
        // Log.e(TAG, "...") formats the message "[TaskUiScope]" with the rest as unused arguments.
        if (scope === 'TaskUiScope') ctx.log.e('TaskUiScope', '[TaskUiScope]');
        const failure = stage.failurePayload?.(t, attempt) ?? { attempt: String(attempt) };
        const reason =
          'reason_code' in failure ? `${failure.reason_code}: ${t.message || 'failed'}` : t.message || 'failed';
        ctx.sink.stageFailure(stage.id, reason, t);
        if (Object.keys(failure).length > 0) {
          ctx.sink.message(
            `StageFailure context: ${Object.entries(failure)
              .map(([k, v]) => `${k}=${v}`)
              .join(', ')}`,
          );
        }
        throw t;
      }
      const sleep = retrySleepMs(retry, delayNext, ctx.random);
      ctx.sink.retryScheduled(stage.id, attempt, retry.maxAttempts, sleep);
      const what = scope === 'TaskUiScope' ? `[TaskUiScope] ${stage.id} attempt` : '[TaskScope] attempt';
      ctx.log.d(scope, `${what} ${attempt} failed: ${t.message}; retrying in ${sleep}ms`);
      await ctx.job.delay(sleep);
      delayNext = Math.min(delayNext * retry.backoffMultiplier, maxDelay);
      attempt++;
    }
  }
}
