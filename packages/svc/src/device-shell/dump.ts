// The screen as the host sees it: one `uiautomator dump` per call, retried within the caller's deadline when the
// failure is one that passes (null root, not idle, killed, crashed, empty), serialized per device.
import type { SvcContext } from '../core/context.ts';
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

/** The hierarchy XML of the focused window; throws DumpError with the last failure when `deadline` passes. */
export async function dumpWindow(
  ctx: SvcContext,
  shell: DeviceShell,
  deadline: number,
  stats?: DumpStats,
): Promise<string> {
  const until = Math.min(deadline, ctx.clock.monotonic() + DUMP_RETRY_BUDGET_MS);
  for (let attempt = 1; ; attempt++) {
    const result = await serializedPerDevice(ctx, shell.serial, () => shell.run(DUMP_COMMAND, AFTER_DUMP));
    if (stats) stats.dumps++;
    const outcome = classifyDump(result);
    if (outcome.ok) return outcome.xml;
    const left = until - ctx.clock.monotonic();
    if (!outcome.retryable || left <= RETRY_PAUSE_MS) {
      const tries = attempt === 1 ? '1 attempt' : `${attempt} attempts`;
      const message = `${DUMP_FAILURE_MEANING[outcome.code]} (uiautomator dump, ${tries}; last: ${outcome.detail})`;
      throw new DumpError(outcome.code, message, attempt);
    }
    await ctx.clock.sleep(RETRY_PAUSE_MS);
  }
}
