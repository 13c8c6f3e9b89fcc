// RecordingManagerDefault (apps/android/shared/data/operator/src/main/kotlin/clawperator/operator/recording/
// RecordingManager.kt:43-237 @ v0.5.2): one recording at a time, an NDJSON file under the app's external files
// directory, its header line, and `recordings/latest` naming the last stopped session. The simulated accessibility
// stream feeds it no events, so a recording holds its header and eventCount is 0.
import type { DeviceApi } from '../device/types.ts';
import type { AppLog } from './app-log.ts';

export type RecordingOutcome =
  | { kind: 'started'; sessionId: string; filePath: string }
  | { kind: 'stopped'; sessionId: string; filePath: string; eventCount: number }
  | { kind: 'error'; code: string; message: string; sessionId?: string; filePath?: string };

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

export class RecordingManager {
  readonly #device: DeviceApi;
  readonly #pkg: string;
  readonly #log: AppLog;
  #active: { sessionId: string; filePath: string } | undefined;

  constructor(device: DeviceApi, pkg: string, log: AppLog) {
    this.#device = device;
    this.#pkg = pkg;
    this.#log = log;
  }

  /** Context.getExternalFilesDir(null) + /recordings. */
  get directory(): string {
    return `/storage/emulated/0/Android/data/${this.#pkg}/files/recordings`;
  }

  start(sessionId: string | undefined): RecordingOutcome {
    if (this.#active) {
      return {
        kind: 'error',
        code: 'RECORDING_ALREADY_IN_PROGRESS',
        message: 'Recording is already in progress',
        ...this.#active,
      };
    }
    const id = sessionId ?? `record-${this.#device.now()}-${crypto.randomUUID().slice(0, 8)}`;
    if (!SAFE_ID.test(id)) {
      return {
        kind: 'error',
        code: 'RECORDING_START_FAILED',
        message: 'sessionId must use only letters, numbers, hyphens, or underscores',
      };
    }
    const filePath = `${this.directory}/${id}.ndjson`;
    const header = JSON.stringify({
      type: 'recording_header',
      schemaVersion: 1,
      sessionId: id,
      startedAt: this.#device.now(),
      operatorPackage: this.#pkg,
    });
    this.#write(filePath, `${header}\n`);
    this.#active = { sessionId: id, filePath };
    // Log.i(LOG_TAG, "SESSION_STARTED …") formats the message "RecordingRuntime", the rest being unused arguments.
    this.#log.i('Recording', 'RecordingRuntime');
    return { kind: 'started', sessionId: id, filePath };
  }

  /** A sessionId other than the active one only logs a warning: the active recording stops anyway (:127-132). */
  stop(sessionId: string | undefined): RecordingOutcome {
    const session = this.#active;
    if (!session) return { kind: 'error', code: 'RECORDING_NOT_IN_PROGRESS', message: 'Recording is not in progress' };
    this.#active = undefined;
    if (sessionId !== undefined && sessionId !== session.sessionId) {
      this.#log.w('Recording', 'RecordingRuntime');
    }
    this.#write(`${this.directory}/latest`, session.sessionId);
    this.#log.i('Recording', 'RecordingRuntime');
    return { kind: 'stopped', ...session, eventCount: 0 };
  }

  #write(path: string, text: string): void {
    this.#device.files.set(path, {
      data: new TextEncoder().encode(text),
      mode: 0o660,
      mtimeSec: Math.floor(this.#device.now() / 1000),
    });
  }
}
