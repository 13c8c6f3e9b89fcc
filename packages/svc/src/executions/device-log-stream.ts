// One follow of the operator's log tag on one device. start() fixes the lower bound (the newest entry of the device
// log) and returns; the follow then runs from that bound, and after a drop (device hiccup, adb restart) it resumes
// from the last entry it saw, skipping the entries of that instant it already delivered.
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import {
  followCommand,
  LAST_ENTRY_COMMAND,
  type LogcatEntry,
  lastEntry,
  parseEpochLine,
} from '../adapters/adb/logcat.ts';
import type { Clock } from '../adapters/clock.ts';

const RESTART_DELAY_MS = 200;

export interface LogStreamStatus {
  open: boolean;
  restarts: number;
  entriesSeen: number;
  lastError: string | undefined;
}

export class DeviceLogStream {
  readonly #adb: AdbPort;
  readonly #clock: Clock;
  readonly #serial: string;
  readonly #onEntry: (entry: LogcatEntry) => void;
  readonly #stopper = new AbortController();
  #close: (() => Promise<void>) | undefined;
  #since: string | undefined;
  /** Messages already delivered at the instant `#since`, so a resumed follow does not deliver them twice. */
  #atSince = new Set<string>();
  readonly status: LogStreamStatus = { open: false, restarts: 0, entriesSeen: 0, lastError: undefined };

  constructor(adb: AdbPort, clock: Clock, serial: string, onEntry: (entry: LogcatEntry) => void) {
    this.#adb = adb;
    this.#clock = clock;
    this.#serial = serial;
    this.#onEntry = onEntry;
  }

  /** Resolves once every entry written from now on will be delivered. */
  async start(): Promise<void> {
    const last = await this.#adb.shell(this.#serial, LAST_ENTRY_COMMAND);
    const newest = last.exitCode === 0 ? lastEntry(last.stdout) : undefined;
    this.#since = newest?.epoch;
    // `-T` includes the bound itself: that entry is old news.
    if (newest !== undefined) this.#atSince.add(newest.message);
    void this.#run();
  }

  async stop(): Promise<void> {
    this.#stopper.abort();
    await this.#close?.().catch(() => {});
  }

  async #run(): Promise<void> {
    const stopped = this.#stopper.signal;
    while (!stopped.aborted) {
      try {
        const stream = await this.#adb.streamLines(this.#serial, followCommand(this.#since));
        this.#close = () => stream.close();
        if (stopped.aborted) break;
        this.status.open = true;
        for await (const line of stream.lines) this.#accept(line);
      } catch (error) {
        this.status.lastError = error instanceof Error ? error.message : String(error);
      }
      this.status.open = false;
      if (stopped.aborted) break;
      this.status.restarts++;
      await this.#clock.sleep(RESTART_DELAY_MS, stopped).catch(() => {});
    }
    await this.#close?.().catch(() => {});
  }

  #accept(line: string): void {
    const entry = parseEpochLine(line);
    if (entry === undefined) return;
    if (entry.epoch === this.#since) {
      if (this.#atSince.has(entry.message)) return;
    } else {
      this.#since = entry.epoch;
      this.#atSince = new Set();
    }
    this.#atSince.add(entry.message);
    this.status.entriesSeen++;
    this.#onEntry(entry);
  }
}
