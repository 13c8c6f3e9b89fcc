// A ref that no longer names an element on screen (STALE_REF) comes back with the screen as it is now, whole and
// with its refs (the ones the next call can use), so the agent picks again without another read. The store keeps no
// screen text, so what the stale ref showed is not known: the screen itself is what is closest.
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { screenText, type UiTree } from '../../ui/index.ts';
import { type ClientView, clientView } from './client-screen.ts';
import type { ClientKey } from './ref-store.ts';

export const isStale = (error: unknown): error is SvcError => error instanceof SvcError && error.code === 'STALE_REF';

export async function withScreen(
  ctx: SvcContext,
  serial: string,
  client: ClientKey,
  tree: UiTree,
  error: SvcError,
): Promise<SvcError> {
  const view: ClientView = await clientView(ctx, serial, client, tree);
  const shown = screenText(view.screen, view.assigned, 'full');
  await view.remember(shown.known);
  return new SvcError(error.code, error.message, { ...error.details, screen: shown.text }, error.hint);
}
