// TaskEvent and the executor's LoggingTaskStatusSink (AgentCommandExecutorDefault.kt:109-138 @ v0.5.2): every stage of
// a retried operation becomes a `[<Brand>-Command] stage-…` log line.
import type { AppLog } from './app-log.ts';
import type { KotlinException } from './kotlin.ts';

/** Kotlin's Map.toString: `{k=v, k2=v2}`. */
export function mapString(map: Readonly<Record<string, string>>): string {
  return `{${Object.entries(map)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}}`;
}

export class StatusSink {
  readonly #log: AppLog;
  readonly #prefix: string;

  constructor(log: AppLog, commandTag: string, commandId: string, taskId: string) {
    this.#log = log;
    this.#prefix = `${commandTag} %s commandId=${commandId} taskId=${taskId}`;
  }

  #line(kind: string, rest: string): string {
    return `${this.#prefix.replace('%s', kind)} ${rest}`;
  }

  stageStart(id: string, label: string): void {
    this.#log.d('StatusSink', this.#line('stage-start', `id=${id} label=${label}`));
  }
  stageSuccess(id: string, data: Readonly<Record<string, string>>): void {
    this.#log.d('StatusSink', this.#line('stage-success', `id=${id} data=${mapString(data)}`));
  }
  stageFailure(id: string, reason: string, t: KotlinException): void {
    this.#log.e('StatusSink', this.#line('stage-failure', `id=${id} reason=${reason}`), t);
  }
  retryScheduled(id: string, attempt: number, maxAttempts: number, delayMs: number): void {
    this.#log.d(
      'StatusSink',
      this.#line('stage-retry', `id=${id} attempt=${attempt}/${maxAttempts} delayMs=${delayMs}`),
    );
  }
  message(message: string): void {
    this.#log.d('StatusSink', this.#line('stage-log', `message=${message}`));
  }
}
