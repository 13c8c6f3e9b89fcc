// When a device log follow cannot (re)open: how long to wait before the next attempt, and when to let it go.
// A device that is gone for good (unplugged, emulator killed, `adb disconnect`) must not cost an attempt every
// 200 ms forever in a long-lived process; a device that only hiccups must be followed again quickly.

/** The wait after a follow that was working drops, and after the first failed attempt. */
export const FIRST_RETRY_DELAY_MS = 200;
/** The cap of the exponential backoff when no execution waits on the device. */
export const IDLE_MAX_RETRY_DELAY_MS = 5000;
/**
 * The cap while an execution waits: the device may come back with the envelope, and the wait for it is bounded by
 * the execution's own deadline, so retries stay frequent enough to catch it well within RESULT_MARGIN_MS.
 */
export const WAITED_MAX_RETRY_DELAY_MS = 1000;
/**
 * With nobody waiting, a device the adb server still lists (offline, unauthorized) but that cannot be followed is
 * let go after this many failed attempts in a row (about 20 s with the backoff above); the next execution for it
 * starts a fresh follow.
 */
export const IDLE_FAILURE_LIMIT = 8;

/** The wait before the next attempt after `failures` failed attempts in a row (0 = the follow was working). */
export function retryDelayMs(failures: number, capMs: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failures - 1), capMs);
}

/** What the owner of a follow decides for it (the log router: it knows who waits and asks the adb server). */
export interface FollowHooks {
  /** True while an execution waits for lines of this device. */
  waited(): boolean;
  /** Asked after each failed attempt; true ends the follow for good. */
  giveUp(failures: number): Promise<boolean>;
}

export const FOLLOW_FOREVER: FollowHooks = { waited: () => true, giveUp: async () => false };
