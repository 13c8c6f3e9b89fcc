// The timing rules that more than one module depends on, in one place: how long the host waits beyond an
// execution's own timeout, the lock settle window, the daemon's readiness, probes, stop and idle limits, the proxy's
// slack (a proxied request must outlast everything the daemon may spend on it). A timeout that belongs to one tool
// or one action (a git clone, an emulator boot, a swipe) is a named constant at the top of its own module.
// Each value says why it is what it is.

/** How much longer than timeoutMs the host waits for the result: dispatch latency and log delivery. */
export const RESULT_MARGIN_MS = 5000;
/** The execution lock stays held this long after a RESULT_ENVELOPE_TIMEOUT (the operator may still be acting). */
export const SETTLE_MS = 2000;
/** A daemon must answer /ping this soon after it is spawned, polled at this interval. */
export const DAEMON_READY_TIMEOUT_MS = 3000;
/**
 * The same for a daemon run from the TypeScript sources (a clone whose bundle is stale, a test's copy of the sources):
 * it strips and loads its modules one by one before it listens, seconds on a loaded machine (6 s measured at load 17).
 */
export const DAEMON_SOURCES_READY_TIMEOUT_MS = 20_000;
export const DAEMON_READY_POLL_MS = 100;
/** A daemon nobody called for this long exits (the next call starts a fresh one): no daemon outlives its use. */
export const DAEMON_IDLE_EXIT_MS = 30 * 60_000;
/** How often a daemon checks that its socket file and its device are still there. */
export const DAEMON_WATCH_INTERVAL_MS = 1000;
/** How often a daemon asks the adb server whether its device is still listed. */
export const DAEMON_DEVICE_CHECK_MS = 2000;
/**
 * A daemon whose device the adb server has not listed for this long exits: long enough for a cable to be replugged
 * or an emulator to restart, short enough that a gone device leaves no ~70 MB process behind for long.
 */
export const DAEMON_DEVICE_GONE_EXIT_MS = 10_000;
/** A daemon reuses a positive operator-presence answer for this long (decision D-9: the trade-off is written there). */
export const PRESENCE_TTL_MS = 30_000;
/** A probe of a daemon (/ping, /version before dispatch, a socket connect): a live daemon answers in well under this. */
export const DAEMON_PROBE_MS = 1000;
/** A control request to a daemon (forget its driver choice): light work, a little more than a probe. */
export const DAEMON_CONTROL_MS = 2000;
/** `daemon stop` waits this long for the process to exit after SIGTERM (it finishes in-flight executions first). */
export const DAEMON_STOP_WAIT_MS = 3000;
/** `daemon start|stop|restart` wait this long for another CLI call holding the daemon's lifecycle lock. */
export const DAEMON_LIFECYCLE_LOCK_WAIT_MS = 10_000;
/** Host work after the envelope (screenshots, post-processing) gets this much on top of the execution's own bound. */
export const HOST_WORK_SLACK_MS = 30_000;

/** The longest a proxied request may take: the execution, the result margin, the lock settle and host work. */
export function proxyRequestTimeoutMs(executionTimeoutMs: number): number {
  return executionTimeoutMs + RESULT_MARGIN_MS + SETTLE_MS + HOST_WORK_SLACK_MS;
}
