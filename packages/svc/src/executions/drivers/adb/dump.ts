// The screen as the host sees it: one `uiautomator dump` per call, retried within the caller's deadline when the
// failure is one that passes (null root, not idle, killed, crashed, empty), serialized per device.
import type { SvcContext } from '../../../core/context.ts';
import { type DeviceShell, serializedPerDevice } from './device-shell.ts';
import { classifyDump, DUMP_FAILURE_MEANING, type DumpFailure } from './dump-outcome.ts';

/** Under /data/local/tmp: /sdcard may be missing or not yet mounted (topjohnwu/Magisk#7614). */
export const DUMP_FILE = '/data/local/tmp/svc-window-dump.xml';
const DUMP_COMMAND = `rm -f ${DUMP_FILE}; uiautomator dump ${DUMP_FILE} 2>&1`;
const AFTER_DUMP = `cat ${DUMP_FILE} 2>/dev/null; rm -f ${DUMP_FILE}`;
/** Pause between attempts: the window that had no root a moment ago usually has one now. */
const RETRY_PAUSE_MS = 300;
/**
 * How long one screen reading keeps retrying a failure that passes, within the execution's own time: long enough
 * for a window transition, short of burning a long execution's whole budget on a screen that never settles.
 */
export const DUMP_RETRY_BUDGET_MS = 8000;

export class DumpError extends Error {
  readonly code: DumpFailure;
  readonly attempts: number;
  constructor(code: DumpFailure, message: string, attempts: number) {
    super(message);
    this.code = code;
    this.attempts = attempts;
  }
}

export interface DumpStats {
  /** Dumps issued by this driver instance (a bench reads it). */
  dumps: number;
}

/**
 * The dump that had not answered when `deadline` passed. A phone's dump waits up to 10 s for an idle screen before
 * it gives up (`ERROR: could not get idle state.`: DumpCommand's waitForIdle(1000, 10000)), so on a screen that never
 * goes idle (a video, an animation) one attempt alone can outlast a step's time: the step stops waiting at its
 * deadline. The dump itself runs on to its end in the device's queue (never abandoned mid-run: the next dump waits
 * for it), but the step has its answer in time.
 */
export class DumpTimeout extends DumpError {
  constructor(waitedMs: number, attempts: number) {
    super(
      'UI_DUMP_NOT_IDLE',
      `uiautomator dump had not answered after ${Math.round(waitedMs)} ms, when the time ran out: it waits up to 10 s for the screen to go idle (${DUMP_FAILURE_MEANING.UI_DUMP_NOT_IDLE})`,
      attempts,
    );
  }
}

/** `task`, or undefined when `deadline` (monotonic) passes first; the timer goes with whichever ends first. */
async function within<T>(ctx: SvcContext, deadline: number, task: Promise<T>): Promise<T | undefined> {
  const left = deadline - ctx.clock.monotonic();
  if (left <= 0) return undefined;
  const stop = new AbortController();
  const timer = ctx.clock.sleep(left, stop.signal).then(
    () => undefined,
    () => undefined,
  );
  try {
    return await Promise.race([task, timer]);
  } finally {
    stop.abort();
  }
}

/**
 * The hierarchy XML of the focused window; throws DumpError with the last failure when the retries run out, and
 * DumpTimeout when `deadline` passes while a dump is still running.
 */
export async function dumpWindow(
  ctx: SvcContext,
  shell: DeviceShell,
  deadline: number,
  stats?: DumpStats,
): Promise<string> {
  const started = ctx.clock.monotonic();
  const until = Math.min(deadline, started + DUMP_RETRY_BUDGET_MS);
  let last: DumpError | undefined;
  for (let attempt = 1; ; attempt++) {
    const running = serializedPerDevice(ctx, shell.serial, () => shell.run(DUMP_COMMAND, AFTER_DUMP));
    const result = await within(ctx, deadline, running);
    if (stats) stats.dumps++;
    if (result === undefined) {
      running.catch(() => {});
      // An earlier attempt's own failure says more than "no answer yet" from the one the deadline cut short.
      throw last ?? new DumpTimeout(ctx.clock.monotonic() - started, attempt);
    }
    const outcome = classifyDump(result);
    if (outcome.ok) return outcome.xml;
    const left = until - ctx.clock.monotonic();
    const tries = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
    const message = `${DUMP_FAILURE_MEANING[outcome.code]} (uiautomator dump, ${tries}; last: ${outcome.detail})`;
    last = new DumpError(outcome.code, message, attempt);
    if (!outcome.retryable || left <= RETRY_PAUSE_MS) throw last;
    await ctx.clock.sleep(RETRY_PAUSE_MS);
  }
}
