// AgentCommandExecutorDefault (apps/android/shared/data/operator/src/main/kotlin/clawperator/operator/agent/
// AgentCommandExecutorDefault.kt:28-106), TaskRunnerManagerDefault (TaskRunnerManagerDefault.kt:43-86) and
// TaskRunnerDefault (TaskRunnerDefault.kt:17-37) @ v0.5.2: one command at a time behind a mutex; the command's
// timeoutMs bounds the wait for the mutex and the run; a throw in an action ends the run with
// `Task execution failed: <message>` and no steps; the deadline gives `Agent command timed out after <n>ms`.
import type { AppLog } from './app-log.ts';
import { type EngineContext, execute } from './engine.ts';
import { failure, type ResultEnvelope } from './envelope.ts';
import { type Job, Mutex, withTimeout } from './job.ts';
import { CancellationException, KotlinException, TimeoutCancellationException } from './kotlin.ts';
import type { AgentCommand, StepResult } from './model.ts';
import { mapString, StatusSink } from './status-sink.ts';
import { loggedWithArgs } from './timber-format.ts';

export type TaskResult = { ok: true; steps: StepResult[] } | { ok: false; reason: string; cause: KotlinException };

/** UiActionExecutionResult's data-class toString, as the manager logs it. */
function resultString(command: AgentCommand, steps: StepResult[]): string {
  const step = (s: StepResult) =>
    `UiActionStepResult(id=${s.id}, actionType=${s.actionType}, success=${s.success}, data=${mapString(s.data)})`;
  return `UiActionExecutionResult(commandId=${command.commandId}, taskId=${command.taskId}, stepResults=[${steps.map(step).join(', ')}])`;
}

/** A bug of the simulator surfaces as the runner's failure text rather than a silent hang. */
function asKotlin(e: unknown): KotlinException {
  if (e instanceof KotlinException) return e;
  const k = new KotlinException(e instanceof Error ? e.message : String(e));
  return k;
}

export interface ExecutorParts {
  log: AppLog;
  commandTag: string;
  /** The UI context of one command (its job and status sink). */
  context(job: Job, sink: StatusSink): EngineContext;
  /** Writes the terminal line (ClawperatorResultEnvelope.kt: one Log.i). */
  writeResult(envelope: ResultEnvelope): Promise<void>;
  rootJob: () => Job;
}

export class CommandExecutor {
  readonly #p: ExecutorParts;
  readonly #commandMutex = new Mutex();
  readonly #runnerMutex = new Mutex();

  constructor(parts: ExecutorParts) {
    this.#p = parts;
  }

  async execute(command: AgentCommand): Promise<TaskResult> {
    const { log, commandTag: TAG } = this.#p;
    const ids = { commandId: command.commandId, taskId: command.taskId };
    const who = `commandId=${command.commandId} taskId=${command.taskId}`;
    if (this.#commandMutex.isLocked) log.i('Executor', `${TAG} queued ${who} waiting_for_active_command=true`);
    const job = this.#p.rootJob();
    try {
      // "Timeout intentionally includes queue wait + execution time." (:36-37)
      return await withTimeout(job, command.timeoutMs, async (child) => {
        await this.#commandMutex.lock(child);
        try {
          const sink = new StatusSink(log, TAG, command.commandId, command.taskId);
          log.i(
            'Executor',
            `${TAG} start ${who} source=${command.source} timeoutMs=${command.timeoutMs} actionCount=${command.actions.length}`,
          );
          const result = await this.#runManaged(child, command, sink);
          if (result.ok) {
            log.i('Executor', `${TAG} success ${who} stepCount=${result.steps.length}`);
            await this.#p.writeResult({ ...ids, status: 'success', stepResults: result.steps, error: null });
          } else {
            log.e('Executor', `${TAG} failure ${who} reason=${result.reason}`, result.cause);
            await this.#p.writeResult(failure(ids, result.reason));
          }
          return result;
        } finally {
          this.#commandMutex.unlock();
        }
      });
    } catch (e) {
      if (!(e instanceof TimeoutCancellationException)) throw e;
      const reason = `Agent command timed out after ${command.timeoutMs}ms`;
      await this.#p.writeResult(failure(ids, reason));
      return { ok: false, reason, cause: e };
    }
  }

  /** TaskRunnerManagerDefault.run over TaskRunnerDefault.run. */
  async #runManaged(job: Job, command: AgentCommand, sink: StatusSink): Promise<TaskResult> {
    const { log } = this.#p;
    try {
      await this.#runnerMutex.lock(job);
      try {
        log.d('RunnerManager', '[TaskRunnerManager] Task execution started');
        const start = job.clock.now();
        const result = await this.#run(job, command, sink);
        // Leaving withContext on a cancelled job ends with the cancellation (kotlinx ScopeCoroutine).
        job.ensureActive();
        const duration = job.clock.now() - start;
        if (result.ok) {
          log.d(
            'RunnerManager',
            `[TaskRunnerManager] Task completed successfully in ${duration}ms with value: ${resultString(command, result.steps)}`,
          );
        } else {
          // Log.e(message, cause) (:74): the cause is a format argument, not a throwable, so no stack trace follows;
          // a '%' in the reason makes the line itself throw (timber-format.ts), into the catch below.
          const message = `[TaskRunnerManager] Task failed after ${duration}ms: ${result.reason}`;
          log.e('RunnerManager', loggedWithArgs(message, [result.cause]));
        }
        return result;
      } finally {
        this.#runnerMutex.unlock();
      }
    } catch (e) {
      if (e instanceof CancellationException) {
        log.d('RunnerManager', '[TaskRunnerManager] Task execution cancelled');
        throw e;
      }
      const t = asKotlin(e);
      // (:83) The same logging: a '%' in this message can throw again, out of the catch, and ends the app (the
      // receiver's coroutine has no handler): no envelope.
      log.e('RunnerManager', loggedWithArgs(`[TaskRunnerManager] Task execution error: ${t.message}`, [t]));
      return { ok: false, reason: t.message || 'Unknown error', cause: t };
    }
  }

  /** TaskRunnerDefault.run (:17-37). */
  async #run(job: Job, command: AgentCommand, sink: StatusSink): Promise<TaskResult> {
    try {
      const steps = await execute(this.#p.context(job, sink), command);
      return { ok: true, steps };
    } catch (e) {
      if (e instanceof CancellationException) throw e;
      // Log.e(TAG, "Task execution failed", e) formats the message "[TaskRunner]" (the rest are unused arguments).
      this.#p.log.e('Runner', '[TaskRunner]');
      const t = asKotlin(e);
      return { ok: false, reason: `Task execution failed: ${t.message}`, cause: t };
    }
  }
}
