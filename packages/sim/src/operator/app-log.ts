// How the app writes to the device log (apps/android/shared/core/common/src/main/kotlin/action/log/Log.kt:7-165
// @ v0.5.2 over Timber 5.0.1's DebugTree, planted in every build: MainApplication.kt:29-32). The tag is the calling
// class's simple name, which R8 renames in release builds (app.gradle.kts:110-119, no keep rule), so a release
// operator logs under short meaningless tags (the host CLI's own test shows `D/E` for the hierarchy:
// apps/node/src/test/unit/snapshotHelper.test.ts:6-75). Hosts must not select lines by tag; the uid is the app's.
import type { DeviceApi, LogPriority } from '../device/types.ts';
import { takeDroppedFrame } from '../faults/emit-faults.ts';
import type { FaultControl } from '../faults.ts';
import type { KotlinException } from './kotlin.ts';

/** The app classes that log, with their debug-build tag (simple name) and a stable renamed release tag. */
export const LOG_SOURCES = {
  Executor: ['AgentCommandExecutorDefault', 'w'],
  StatusSink: ['LoggingTaskStatusSink', 'x'],
  Receiver: ['OperatorCommandReceiver', 'o'],
  Engine: ['UiActionEngineDefault', 'g'],
  TaskScope: ['TaskScopeDefault', 'E'],
  TaskUiScope: ['TaskUiScopeDefault', 'F'],
  Runner: ['TaskRunnerDefault', 'q'],
  RunnerManager: ['TaskRunnerManagerDefault', 'r'],
  TreeManager: ['UiTreeManagerAndroid', 'k'],
  Inspector: ['UiTreeInspectorAndroid', 'j'],
  Recording: ['RecordingManagerDefault', 'b'],
} as const satisfies Record<string, readonly [string, string]>;

export type LogSource = keyof typeof LOG_SOURCES;

/** Timber's DebugTree.MAX_LOG_LENGTH. */
export const TIMBER_MAX_LOG_LENGTH = 4000;

/**
 * DebugTree.log: a message shorter than 4000 chars is one entry; a longer one is cut at each `\n` (the newline
 * dropped) and every line longer than 4000 chars every 4000 chars.
 */
export function timberParts(message: string): string[] {
  if (message.length < TIMBER_MAX_LOG_LENGTH) return [message];
  const parts: string[] = [];
  let i = 0;
  while (i < message.length) {
    let newline = message.indexOf('\n', i);
    if (newline === -1) newline = message.length;
    do {
      const end = Math.min(newline, i + TIMBER_MAX_LOG_LENGTH);
      parts.push(message.slice(i, end));
      i = end;
    } while (i < newline);
    i++;
  }
  return parts;
}

export class AppLog {
  readonly #device: DeviceApi;
  readonly #pid: number;
  readonly #uid: () => number;
  readonly #release: boolean;
  /** The simulator's run-time faults (drop_hierarchy_frame acts on the hierarchy block). */
  faults: FaultControl | undefined;

  /** `release` = the published APK (renamed tags); a debug build (`.dev`) logs class names. */
  constructor(device: DeviceApi, pid: number, uid: () => number, release: boolean) {
    this.#device = device;
    this.#pid = pid;
    this.#uid = uid;
    this.#release = release;
  }

  tag(source: LogSource): string {
    const [debug, release] = LOG_SOURCES[source];
    return this.#release ? release : debug;
  }

  /** One Log.x call: Timber appends the throwable's stack trace after a newline (Timber.prepareLog). */
  write(source: LogSource, priority: LogPriority, message: string, t?: KotlinException): void {
    const text = t ? `${message}\n${t.stackTraceString()}` : message;
    for (const part of timberParts(text)) this.#record(source, priority, part);
  }

  /** One log record. Coroutines of the executor run on the main thread, whose tid is the pid. */
  #record(source: LogSource, priority: LogPriority, message: string): void {
    const entry = { pid: this.#pid, tid: this.#pid, uid: this.#uid(), priority, tag: this.tag(source), message };
    this.#device.log.write(entry);
  }

  /**
   * The UI hierarchy block (TaskScopeDefault.kt:248: one Log.d). drop_hierarchy_frame leaves out one record (the
   * last by default). Nothing duplicates its records: logd delivers each record once, and two identical records in a
   * row are two identical XML lines (identical sibling nodes), which a reader must keep.
   */
  hierarchy(message: string): void {
    const parts = timberParts(message);
    const drop = takeDroppedFrame(this.faults, parts.length);
    for (const [i, part] of parts.entries()) if (i !== drop) this.#record('TaskScope', 'D', part);
  }

  d(source: LogSource, message: string): void {
    this.write(source, 'D', message);
  }
  i(source: LogSource, message: string): void {
    this.write(source, 'I', message);
  }
  w(source: LogSource, message: string): void {
    this.write(source, 'W', message);
  }
  e(source: LogSource, message: string, t?: KotlinException): void {
    this.write(source, 'E', message, t);
  }
}
