// The web action runner: what the drivers delegate to when the node an action names is a page's element (a web
// ref, or a text, role or CSS selector that found one). The page does the work as a user's touch would: the element
// is scrolled into view, then pressed and released where it is (trusted mouse events, so the page's own handlers
// run), and text is committed into the focused element as a keyboard does (any Unicode, no key map). Each waits for
// the page to settle (a navigation loaded, a frame drawn), so the screen read next shows what the action changed.
import type { SvcContext } from '../core/context.ts';
import type { DeviceShell } from '../device-shell/device-shell.ts';
import type { UiTree } from '../ui/index.ts';
import type { CdpSession } from './cdp-session.ts';
import { elementPointExpression, type PageQuery, scrollIntoViewExpression } from './page-script.ts';
import { pageSession } from './page-sessions.ts';
import { shownPage, type WebTarget } from './web-source.ts';

const SETTLE_TIMEOUT_MS = 5000;
const SETTLE_POLL_MS = 50;

/** The element a screen showed is no longer in its page (the page changed): the caller reads the screen again. */
export class ElementGone extends Error {}

async function settle(session: CdpSession): Promise<void> {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  while (Date.now() < until) {
    const state = await session.evaluate<string>('document.readyState').catch(() => undefined);
    if (state === 'complete') break;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
  // A frame drawn, or half a second where none comes (a page the browser does not draw now).
  const frame = 'new Promise((r) => { requestAnimationFrame(() => r(1)); setTimeout(() => r(0), 500); })';
  await session.evaluate(frame, true).catch(() => {});
}

async function pointOf(session: CdpSession, target: WebTarget, focus: boolean) {
  const point = await session.evaluate<{ x: number; y: number } | null>(elementPointExpression(target.element, focus));
  if (point === null) throw new ElementGone('the element is no longer on the page');
  return point;
}

export async function clickWeb(ctx: SvcContext, target: WebTarget, long = false): Promise<void> {
  const session = await pageSession(ctx, target.serial, target.socket, target.page);
  const { x, y } = await pointOf(session, target, false);
  await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await session.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
  if (long) await new Promise((resolve) => setTimeout(resolve, 600));
  await session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  await settle(session);
}

/** Replaces what the element holds with `text`; answers what it holds then (its value, or its text). */
export async function typeWeb(ctx: SvcContext, target: WebTarget, text: string, submit: boolean): Promise<string> {
  const session = await pageSession(ctx, target.serial, target.socket, target.page);
  await pointOf(session, target, true);
  if (text === '') await session.evaluate("document.execCommand('delete')");
  else await session.send('Input.insertText', { text });
  const value = await session.evaluate<string>(
    'document.activeElement ? (document.activeElement.value ?? document.activeElement.innerText ?? "") : ""',
  );
  if (submit) {
    for (const type of ['rawKeyDown', 'char', 'keyUp'])
      await session.send('Input.dispatchKeyEvent', {
        type,
        key: 'Enter',
        code: 'Enter',
        windowsVirtualKeyCode: 13,
        ...(type === 'char' ? { text: '\r' } : {}),
      });
  }
  await settle(session);
  return value;
}

/**
 * Scrolls the first element of the page in front that `query` names (anywhere in the page) into view: true when
 * one was found; undefined when no page is shown (a native screen: the caller scrolls as it always does).
 */
export async function scrollWebIntoView(
  ctx: SvcContext,
  shell: DeviceShell,
  tree: UiTree,
  query: PageQuery,
): Promise<boolean | undefined> {
  const shown = await shownPage(ctx, shell, tree).catch(() => undefined);
  if (shown === undefined) return undefined;
  const id = await shown.session.evaluate<number | null>(scrollIntoViewExpression(query));
  if (id !== null) await settle(shown.session);
  return id !== null;
}
