// Actions the host does itself: sleep (consumes the execution's budget like any step), take_screenshot
// (`exec-out screencap -p`, as for the operator driver) and clear_on_screen_log (there is no panel without the
// operator app, so clearing always succeeds; setting one is refused before the execution starts).
import { captureScreenshot, screenshotPath } from '../../../screenshot.ts';
import { type ActionRunner, num, params, StepFailure } from '../step.ts';

export const sleep: ActionRunner = async ({ ctx, action }) => {
  const ms = num(params(action), 'durationMs', 0);
  await ctx.clock.sleep(ms);
  return { duration_ms: String(ms) };
};

export const takeScreenshot: ActionRunner = async ({ ctx, run, action }) => {
  const ids = { commandId: run.execution.commandId, actionId: action.id };
  const path = screenshotPath(ctx, params(action).path, run.cwd, ids);
  try {
    await captureScreenshot(ctx, run.serial, path);
  } catch (error) {
    throw new StepFailure('SCREENSHOT_CAPTURE_FAILED', error instanceof Error ? error.message : String(error));
  }
  return { path };
};

export const clearOnScreenLog: ActionRunner = async () => ({ visible: 'false' });
