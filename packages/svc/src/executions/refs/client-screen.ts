// A screen as one client sees it: refs carried over from the screen it read last (the same element keeps its ref),
// the changes since that read, and the record of what it knows now. Whatever prints the screen (a compact snapshot
// step, the screen after an action, the elements closest to a selector that found nothing) goes through here, so
// the refs an agent reads are the refs its next action can use.
import type { ScreenRequest } from '../../contracts/screen-request.ts';
import type { SvcContext } from '../../core/context.ts';
import {
  type AssignedRefs,
  assignRefs,
  type CurrentElement,
  pastAfter,
  readScreen,
  type Screen,
  type ScreenForm,
  type UiTree,
} from '../../ui/index.ts';
import { type ClientKey, loadScreen, newSalt, type ScreenRecord, saltedHash, saveScreen } from './ref-store.ts';
import { rememberTerms } from './ref-terms.ts';

export type { ScreenRequest };

/** Changes are told against a read at most this old; after it the whole screen is printed again. */
export const READ_MEMORY_MS = 30 * 60_000;

export interface ClientView {
  screen: Screen;
  assigned: AssignedRefs;
  /** The form the client's last read allows: changes only against a recent read of the same app. */
  form(requested: ScreenForm): ScreenForm;
  /** The line of element `i` with its ref. */
  line(i: number): string;
  /** Saves what the client knows now: the elements it was shown (or had, as before). */
  remember(known: readonly boolean[]): Promise<void>;
}

export async function clientView(
  ctx: Pick<SvcContext, 'files' | 'home' | 'clock'>,
  serial: string,
  client: ClientKey,
  tree: UiTree,
): Promise<ClientView> {
  const screen = readScreen(tree);
  const known = await loadScreen(ctx, serial, client);
  const now = ctx.clock.now();
  const salt = known?.salt ?? newSalt();
  const current: CurrentElement[] = screen.elements.map((element) => ({
    identity: saltedHash(salt, element.identity),
    line: saltedHash(salt, element.body),
  }));
  const assigned = assignRefs(known, current, screen.title, screen.signature);
  const recent = known !== undefined && now - known.takenAt <= READ_MEMORY_MS;
  return {
    screen,
    assigned,
    form: (requested) => (recent ? requested : 'full'),
    line: (i) => `${assigned.refs[i]} ${screen.elements[i]?.body ?? ''}`,
    remember: async (knownNow) => {
      rememberTerms(
        tree,
        screen,
        current.map((element) => element.identity),
      );
      const record: ScreenRecord = {
        version: 2,
        salt,
        title: screen.title,
        signature: screen.signature,
        // Every element, printed or not: one a budget left out keeps its ref (and a ref to it works); `shown`
        // says the client has not read it, so the next read tells it as new.
        elements: screen.elements.map((element, i) => ({
          ref: assigned.refs[i] as string,
          identity: current[i]?.identity as string,
          line: current[i]?.line as string,
          unique: assigned.unique[i] === true,
          order: element.node.order,
          shown: knownNow[i] === true,
        })),
        // Every element of this screen leaves the past (it is on the screen now, printed or not).
        past: pastAfter(known, assigned.refs),
        next: assigned.next,
        takenAt: now,
      };
      await saveScreen(ctx, serial, client, record);
    },
  };
}
