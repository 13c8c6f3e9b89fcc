// The adb driver's side of the web actions: a page's element the step found is handed to the web action runner
// (web-pages/web-actions.ts); an element the page dropped meanwhile makes the step read the screen again, and a page
// that stopped answering fails the step in the driver's terms.
import { ElementGone, typeWeb } from '../../../../web-pages/web-actions.ts';
import type { WebTarget } from '../../../../web-pages/web-source.ts';
import { type StepContext, StepFailure } from '../step.ts';

/** Runs a web action: true when done, false when the element was gone (read the screen again). */
export async function webStep(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (error instanceof ElementGone) return false;
    if (error instanceof StepFailure) throw error;
    throw new StepFailure('GESTURE_FAILED', `the page did not take the action: ${(error as Error).message}`, {
      retryable: true,
    });
  }
}

/** enter_text into a page's field: any text, committed as a keyboard commits it, then checked as the page holds it. */
export async function typeIntoPage(
  step: StepContext<'enter_text'>,
  target: WebTarget,
): Promise<Record<string, string>> {
  const { text } = step.action.params;
  const submit = step.action.params.submit ?? false;
  let value = '';
  const done = await webStep(async () => {
    value = await typeWeb(step.ctx, target, text, submit);
  });
  if (!done)
    throw new StepFailure('NODE_NOT_FOUND', 'the field left the page before the text went in', { retryable: true });
  if (value !== text) {
    throw new StepFailure('TEXT_ENTRY_MISMATCH', `the field holds ${JSON.stringify(value)} after typing`, {
      retryable: !submit,
    });
  }
  return { text, submit: String(submit) };
}
