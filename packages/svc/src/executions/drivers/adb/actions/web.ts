// The adb driver's side of the web actions: a page's element the step found is handed to the web action runner
// (web-pages/web-actions.ts); an element the page dropped meanwhile makes the step read the screen again, and a page
// that stopped answering fails the step in the driver's terms.
import type { NodeMatcher } from '../../../../contracts/types.ts';
import { findFirst } from '../../../../ui/index.ts';
import { shortResourceId } from '../../../../ui/match.ts';
import type { PageQuery } from '../../../../web-pages/page-script.ts';
import { ElementGone, scrollWebIntoView, typeWeb } from '../../../../web-pages/web-actions.ts';
import type { WebTarget } from '../../../../web-pages/web-source.ts';
import { readScreen, type Screen } from '../screen.ts';
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

/** What a page can look for of a selector: its texts (a label is a page element's name too), role and id. */
function pageQueryOf(m: NodeMatcher): PageQuery | undefined {
  const text = m.textEquals ?? m.contentDescEquals;
  const contains = m.textContains ?? m.contentDescContains;
  const query: PageQuery = {
    ...(text === undefined ? {} : { text }),
    ...(contains === undefined ? {} : { textContains: contains }),
    ...(m.role === undefined ? {} : { role: m.role }),
    ...(m.resourceId === undefined ? {} : { css: `[id="${shortResourceId(m.resourceId).replace(/["\\]/g, '\\$&')}"]` }),
    ...(m.css === undefined ? {} : { css: m.css }),
  };
  return Object.keys(query).length === 0 ? undefined : query;
}

/**
 * Scroll into view on a page: a selector the screen does not show yet is looked for in the whole page in front,
 * which scrolls it into view (a page scrolls itself; no swipe guesses how far). The screen then, when it shows the
 * element; undefined when there is no page, or it has no such element.
 */
export async function revealInPage(
  step: StepContext,
  screen: Screen,
  matcher: NodeMatcher | undefined,
): Promise<Screen | undefined> {
  if (matcher === undefined || findFirst(screen.tree, matcher)) return undefined;
  const query = pageQueryOf(matcher);
  if (query === undefined) return undefined;
  const found = await scrollWebIntoView(step.ctx, step.shell, screen.tree, query).catch(() => undefined);
  if (found !== true) return undefined;
  const after = await readScreen(step, { interacts: true });
  return findFirst(after.tree, matcher) ? after : undefined;
}
