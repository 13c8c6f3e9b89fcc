// The watchdog of a device log follow: while an execution waits on the device and the follow, though open, has
// delivered nothing for FOLLOW_QUIET_MS, it writes one entry into the device log (`log`, as any shell user may) and
// checks that the follow hands it over. When the device took the entry but the follow stays silent, the follow is
// dead without knowing it (a connection whose end never came: a reset, a half-open socket, an adb server restarted
// under it) and is rebuilt; the new follow resumes from the last entry it saw, so the results written meanwhile still
// arrive, in time for the execution that waits for them. When the device does not answer, nothing is concluded: the
// follow's own retries and the gone-device probe deal with a device that left.
// toybox `log [-p PRI] [-t TAG] MESSAGE` (toys/android/log.c) writes one entry to the main log, on every Android svc
// drives with the operator.
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import type { Clock } from '../../../adapters/clock.ts';

/** How long a waited, open follow may deliver nothing before it is checked (a busy phone logs far more often). */
export const FOLLOW_QUIET_MS = 2000;
/** How long the follow has to hand over the watchdog's own entry once the device wrote it. */
export const FOLLOW_ECHO_MS = 1500;
const CHECK_EVERY_MS = 500;
export const WATCHDOG_TAG = 'svc-watchdog';
const ECHO_COMMAND = `log -p i -t ${WATCHDOG_TAG} follow-check`;

/** What the watchdog reads of a follow, and the one thing it may do to it. */
export interface WatchedFollow {
  readonly status: { readonly open: boolean; readonly entriesSeen: number; watchdogRebuilds?: number };
  /** Drops the current follow at once and opens a new one from the last entry seen. */
  rebuild(): void;
}

export class FollowWatchdog {
  readonly #adb: AdbPort;
  readonly #clock: Clock;
  readonly #serial: string;
  readonly #follow: WatchedFollow;
  readonly #waited: () => boolean;
  readonly #timer: NodeJS.Timeout;
  #seen = -1;
  #quietSince = 0;
  #checking = false;

  /** `waited`: an execution waits for lines of this device now. */
  constructor(adb: AdbPort, clock: Clock, serial: string, follow: WatchedFollow, waited: () => boolean) {
    this.#adb = adb;
    this.#clock = clock;
    this.#serial = serial;
    this.#follow = follow;
    this.#waited = waited;
    this.#timer = setInterval(() => void this.#check(), CHECK_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  async #check(): Promise<void> {
    const { status } = this.#follow;
    const now = this.#clock.monotonic();
    if (!this.#waited() || !status.open || status.entriesSeen !== this.#seen) {
      this.#seen = status.entriesSeen;
      this.#quietSince = now;
      return;
    }
    if (this.#checking || now - this.#quietSince < FOLLOW_QUIET_MS) return;
    this.#checking = true;
    try {
      if (await this.#deadWhileDeviceAnswers()) {
        status.watchdogRebuilds = (status.watchdogRebuilds ?? 0) + 1;
        this.#follow.rebuild();
      }
    } finally {
      this.#seen = this.#follow.status.entriesSeen;
      this.#quietSince = this.#clock.monotonic();
      this.#checking = false;
    }
  }

  /** True when the device wrote the watchdog's entry and the open follow did not hand it (or anything) over. */
  async #deadWhileDeviceAnswers(): Promise<boolean> {
    const before = this.#follow.status.entriesSeen;
    const wrote = await this.#adb.shell(this.#serial, ECHO_COMMAND).then(
      (out) => out.exitCode === 0,
      () => false,
    );
    if (!wrote) return false;
    const deadline = this.#clock.monotonic() + FOLLOW_ECHO_MS;
    while (this.#clock.monotonic() < deadline) {
      if (this.#follow.status.entriesSeen !== before || !this.#follow.status.open) return false;
      await this.#clock.sleep(50);
    }
    return this.#follow.status.entriesSeen === before && this.#follow.status.open;
  }
}

/**
 * What a stream yields until `signal` aborts: a rebuilt follow stops reading its old stream at once, without waiting
 * for an end that a dead connection never sends.
 */
export async function* untilAborted<T>(items: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  if (signal.aborted) return;
  const iterator = items[Symbol.asyncIterator]();
  let onAbort: () => void = () => {};
  const abandoned = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), abandoned]);
      if (next === undefined || next.done === true) return;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // An abandoned read stays pending on the dead stream: its return() would wait for it, so it is not awaited.
    void iterator.return?.()?.catch(() => {});
  }
}
