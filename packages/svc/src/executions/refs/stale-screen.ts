// A ref that no longer names an element on screen (STALE_REF) comes back with the screen as it is now, whole and
// with its refs (the ones the next call can use), so the agent picks again without another read. When this process
// handed the ref out, it knows what the element showed (ref-terms.ts, in memory only): the elements on screen now
// closest to that are named first, each as a selector in the short keys with its live ref, in the message and in
// `details.closest`.
import { SvcError } from '../../contracts/errors.ts';
import { SELECTOR_KEYS, selectorText } from '../../contracts/selector-terms.ts';
import type { NodeMatcher } from '../../contracts/types.ts';
import type { SvcContext } from '../../core/context.ts';
import { closestElements, screenText, type UiTree, uniqueSelector } from '../../ui/index.ts';
import { type ClientView, clientView } from './client-screen.ts';
import type { ClientKey } from './ref-store.ts';

export const isStale = (error: unknown): error is SvcError => error instanceof SvcError && error.code === 'STALE_REF';

/** `details.was` (short keys) back as a matcher. */
function matcherOf(was: unknown): NodeMatcher | undefined {
  if (typeof was !== 'object' || was === null) return undefined;
  const short = was as Record<string, unknown>;
  const matcher: Record<string, string> = {};
  for (const { key, field } of SELECTOR_KEYS) if (typeof short[key] === 'string') matcher[field] = short[key];
  return matcher as NodeMatcher;
}

export async function withScreen(
  ctx: SvcContext,
  serial: string,
  client: ClientKey,
  tree: UiTree,
  error: SvcError,
): Promise<SvcError> {
  const view: ClientView = await clientView(ctx, serial, client, tree);
  const was = matcherOf(error.details?.was);
  const closest = (was === undefined ? [] : closestElements(view.screen.elements, was)).map((i) => {
    const element = view.screen.elements[i];
    const selector = element === undefined ? undefined : uniqueSelector(tree, element.node);
    return {
      ref: view.assigned.refs[i] as string,
      ...(selector ? { selector: JSON.parse(selectorText(selector)) } : {}),
    };
  });
  const shown = screenText(view.screen, view.assigned, 'full');
  await view.remember(shown.known);
  const named = closest.map((c) => (c.selector === undefined ? c.ref : `${c.ref} ${JSON.stringify(c.selector)}`));
  const message =
    was === undefined
      ? error.message
      : `${error.message} It was ${selectorText(was)}; ${named.length > 0 ? `closest on screen now: ${named.join(', ')}` : 'nothing on screen now comes close'}.`;
  const details = { ...error.details, ...(closest.length > 0 ? { closest } : {}), screen: shown.text };
  return new SvcError(error.code, message, details, error.hint);
}
