// One follow of the operator's log tag on one device. start() fixes the lower bound (the newest entry of the device
// log) and returns; the follow then runs from that bound, and after a drop (device hiccup, adb restart) it resumes
// from the last entry it saw, skipping the entries of that instant it already delivered. Attempts that fail back off
// exponentially (follow-retry.ts), and the owner's hooks may end the follow of a device that is gone.

import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import { followCommand, LAST_ENTRY_COMMAND, type LogcatEntry, lastEntryLines } from '../../../adapters/adb/logcat.ts';
import { entryOfRecord, LoggerEntryDecoder } from '../../../adapters/adb/logger-entry.ts';
import type { Clock } from '../../../adapters/clock.ts';
import { SvcError } from '../../../contracts/errors.ts';
import {
  FOLLOW_FOREVER,
  type FollowHooks,
  IDLE_MAX_RETRY_DELAY_MS,
  retryDelayMs,
  WAITED_MAX_RETRY_DELAY_MS,
} from './follow-retry.ts';
import { untilAborted } from './follow-watchdog.ts';

/**
 * Android 5 and 6: logcat knows no `-v epoch` nor `-v uid` ("Invalid parameter epoch to -v"), so no line can be
 * traced to the app that wrote it, and the operator's results could not be told from any app's forgeries.
 */
function tooOldForOperator(serial: string, logcatSaid: string): SvcError {
  return new SvcError(
    'VERSION_INCOMPATIBLE',
    `${serial} runs Android 6 or older, whose device log cannot tell which app wrote a line, so the operator app's ` +
      'results cannot be trusted there. The operator driver needs Android 7.0 (API 24) or later.',
    { deviceId: serial, logcat: logcatSaid },
    'Use --driver adb: svc drives Android 5 and 6 with adb alone.',
  );
}

export interface LogStreamStatus {
  open: boolean;
  /** Follow commands started (the first one and every retry). */
  attempts: number;
  restarts: number;
  /** Attempts in a row that ended without reading a line (device gone, offline, adb down). */
  failures: number;
  entriesSeen: number;
  /** Protocol lines that named no commandId (stale, truncated or noise): ignored. */
  linesNamingNoCommand: number;
  lastError: string | undefined;
  /** The catalogue code of the last failure, when it had one (ADB_SERVER_LOST: the device's host went away). */
  lastErrorCode?: string | undefined;
  /** True once the hooks ended the follow (the device is gone); a new subscription starts a new one. */
  gaveUp: boolean;
  /** Follows dropped and reopened because they were open but dead (follow-watchdog.ts). */
  watchdogRebuilds?: number;
}

export class DeviceLogStream {
  readonly #adb: AdbPort;
  readonly #clock: Clock;
  readonly #serial: string;
  readonly #onEntry: (entry: LogcatEntry) => void;
  readonly #hooks: FollowHooks;
  readonly #stopper = new AbortController();
  /** Aborted to cut the current backoff short (a new execution waits on the device). */
  #waker = new AbortController();
  /** Aborted to drop the current follow at once (rebuild()). */
  #dropper = new AbortController();
  #close: (() => Promise<void>) | undefined;
  #since: string | undefined;
  /** The messages of the records delivered at the instant `#since`, in order. */
  #atSince: string[] = [];
  /**
   * What a (re)started follow replays at its bound and was delivered before: skipped once each, in order. Two records
   * may say the same (identical XML lines of a long UI hierarchy) and both be new, so only a replay is skipped.
   */
  #replay: string[] = [];
  readonly status: LogStreamStatus = {
    open: false,
    attempts: 0,
    restarts: 0,
    failures: 0,
    entriesSeen: 0,
    linesNamingNoCommand: 0,
    lastError: undefined,
    gaveUp: false,
  };

  constructor(
    adb: AdbPort,
    clock: Clock,
    serial: string,
    onEntry: (entry: LogcatEntry) => void,
    hooks: FollowHooks = FOLLOW_FOREVER,
  ) {
    this.#adb = adb;
    this.#clock = clock;
    this.#serial = serial;
    this.#onEntry = onEntry;
    this.#hooks = hooks;
  }

  /** Resolves once every entry written from now on will be delivered. */
  async start(): Promise<void> {
    const last = await this.#adb.shell(this.#serial, LAST_ENTRY_COMMAND);
    const refused = /^Invalid parameter "?\w+"? to -v$/m.exec(`${last.stderr}\n${last.stdout}`);
    if (refused !== null) throw tooOldForOperator(this.#serial, refused[0]);
    const newest = last.exitCode === 0 ? lastEntryLines(last.stdout) : [];
    this.#since = newest[0]?.epoch;
    // `-T` includes the bound itself: that entry is old news. Printed as text, each of its lines came with a header.
    this.#atSince = newest.length === 0 ? [] : [unprinted(newest.map((entry) => entry.message).join('\n'))];
    void this.#run();
  }

  /** Retries now instead of after the rest of the current backoff. */
  wake(): void {
    this.#waker.abort();
  }

  /** Drops the current follow without waiting for its end (it may never come) and opens a new one now. */
  rebuild(): void {
    this.#dropper.abort();
    void this.#close?.().catch(() => {});
    this.wake();
  }

  async stop(): Promise<void> {
    this.#stopper.abort();
    this.#dropper.abort();
    await this.#close?.().catch(() => {});
  }

  async #run(): Promise<void> {
    const stopped = this.#stopper.signal;
    while (!stopped.aborted) {
      // An attempt counts as working once it read a line: `-T` replays at least the bound entry, while a follow of
      // a device that is gone fails or ends at once.
      let readLine = false;
      this.status.attempts++;
      if (this.#waker.signal.aborted) this.#waker = new AbortController();
      if (this.#dropper.signal.aborted) this.#dropper = new AbortController();
      this.#replay = [...this.#atSince];
      try {
        const stream = await this.#adb.streamBytes(this.#serial, followCommand(this.#since));
        this.#close = () => stream.close();
        if (stopped.aborted) break;
        this.status.open = true;
        const records = new LoggerEntryDecoder();
        for await (const chunk of untilAborted(stream.chunks, this.#dropper.signal)) {
          readLine = true;
          this.status.failures = 0;
          for (const record of records.push(chunk)) this.#accept(entryOfRecord(record));
        }
      } catch (error) {
        this.status.lastError = error instanceof Error ? error.message : String(error);
        this.status.lastErrorCode = error instanceof SvcError ? error.code : undefined;
      }
      this.status.open = false;
      if (stopped.aborted) break;
      this.status.restarts++;
      if (!readLine) {
        this.status.failures++;
        if ((await this.#hooks.giveUp(this.status.failures).catch(() => false)) && !stopped.aborted) {
          this.status.gaveUp = true;
          break;
        }
      }
      const cap = this.#hooks.waited() ? WAITED_MAX_RETRY_DELAY_MS : IDLE_MAX_RETRY_DELAY_MS;
      await this.#clock
        .sleep(retryDelayMs(this.status.failures, cap), AbortSignal.any([stopped, this.#waker.signal]))
        .catch(() => {});
    }
    await this.#close?.().catch(() => {});
  }

  #accept(entry: LogcatEntry): void {
    // `-B` applies no filterspec: verbose records are never the operator's.
    if (entry.priority === 'V') return;
    if (entry.epoch === this.#since) {
      if (this.#replay[0] === unprinted(entry.message)) {
        this.#replay.shift();
        return;
      }
    } else {
      this.#since = entry.epoch;
      this.#atSince = [];
    }
    this.#replay = [];
    this.#atSince.push(unprinted(entry.message));
    this.status.entriesSeen++;
    this.#onEntry(entry);
  }
}

/** A message as its printed lines give it back: logcat prints no line for a final newline. */
function unprinted(message: string): string {
  return message.replace(/\n+$/, '');
}
