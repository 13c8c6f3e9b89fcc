// Actions the host does itself: sleep (consumes the execution's budget like any step), take_screenshot
// (`exec-out screencap -p`, as for the operator driver) and clear_on_screen_log (there is no panel without the
// operator app, so clearing always succeeds; setting one is refused before the execution starts).
import { unsupported } from '../../../driver-table.ts';
import { captureScreenshot, screenshotPath } from '../../../screenshot.ts';
import { type ActionRunner, StepFailure, TimedOut } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

/** A sleep longer than the time left sleeps until the execution's deadline, then ends it as timed out. */
const sleep: ActionRunner<'sleep'> = async ({ ctx, action, deadline }) => {
  const ms = action.params.durationMs;
  const left = deadline - ctx.clock.monotonic();
  if (ms > left) {
    await ctx.clock.sleep(Math.max(0, left));
    throw new TimedOut(undefined);
  }
  await ctx.clock.sleep(ms);
  return { duration_ms: String(ms) };
};

const takeScreenshot: ActionRunner<'take_screenshot'> = async ({ ctx, run, action }) => {
  const ids = { commandId: run.execution.commandId, actionId: action.id };
  const path = screenshotPath(ctx, action.params?.path, run.cwd, ids);
  try {
    return { path, ...(await captureScreenshot(ctx, run.serial, path)) };
  } catch (error) {
    throw new StepFailure('SCREENSHOT_CAPTURE_FAILED', error instanceof Error ? error.message : String(error));
  }
};

const clearOnScreenLog: ActionRunner<'clear_on_screen_log'> = async () => ({ visible: 'false' });

export const HOST_ACTIONS = {
  sleep: { run: sleep },
  take_screenshot: { run: takeScreenshot },
  // An overlay window only an app can own; clearing one that cannot exist succeeds.
  set_on_screen_log: unsupported(
    'ON_SCREEN_LOG_SERVICE_UNAVAILABLE',
    'needs the operator app; the adb driver has no on-screen log panel',
  ),
  clear_on_screen_log: { run: clearOnScreenLog },
} satisfies AdbEntries;
