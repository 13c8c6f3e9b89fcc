// The DevTools sessions of one process, kept warm per device, socket and page (a daemon reads the same page on every
// call: one WebSocket, not one per read), and the notices svc owes a device's reader. Closed with the context.
import type { SvcContext } from '../core/context.ts';
import { CdpSession } from './cdp-session.ts';
import { connectPage, type DevtoolsPage, listPages } from './devtools-connection.ts';

interface PagesState {
  sessions: Map<string, Promise<CdpSession>>;
  /** Per device: what the next screen says once (a WebView svc cannot read). */
  notices: Map<string, string>;
  /** Notices already given, per device and app: each is said once. */
  told: Set<string>;
  close(): Promise<void>;
}

const STATE = Symbol('web pages');

function stateOf(ctx: Pick<SvcContext, 'shared'>): PagesState {
  return ctx.shared(STATE, () => {
    const state: PagesState = {
      sessions: new Map(),
      notices: new Map(),
      told: new Set(),
      close: async () => {
        const open = [...state.sessions.values()];
        state.sessions.clear();
        for (const session of await Promise.allSettled(open)) if (session.status === 'fulfilled') session.value.close();
      },
    };
    return state;
  });
}

export async function pageSession(ctx: SvcContext, serial: string, socket: string, page: string): Promise<CdpSession> {
  const sessions = stateOf(ctx).sessions;
  const key = `${serial}\u0000${socket}\u0000${page}`;
  const known = sessions.get(key);
  const live = known && (await known.catch(() => undefined));
  if (live?.open) return live;
  const opening = connectPage(ctx.adb, serial, socket, page).then((ws) => new CdpSession(ws));
  sessions.set(key, opening);
  opening.catch(() => sessions.delete(key));
  return opening;
}

/** The pages a socket lists now (its sessions of pages no longer listed are closed). */
export async function pagesOf(ctx: SvcContext, serial: string, socket: string): Promise<DevtoolsPage[]> {
  const pages = (await listPages(ctx.adb, serial, socket)).filter((p) => p.type === 'page');
  const sessions = stateOf(ctx).sessions;
  const prefix = `${serial}\u0000${socket}\u0000`;
  for (const [key, session] of sessions) {
    if (!key.startsWith(prefix) || pages.some((p) => key === prefix + p.id)) continue;
    sessions.delete(key);
    void session.then((s) => s.close()).catch(() => {});
  }
  return pages;
}

/** Sets a notice for the device's next screen, once per device and `topic`. */
export function noticeOnce(ctx: Pick<SvcContext, 'shared'>, serial: string, topic: string, text: string): void {
  const state = stateOf(ctx);
  const key = `${serial}\u0000${topic}`;
  if (state.told.has(key)) return;
  state.told.add(key);
  state.notices.set(serial, text);
}

/** A screen's text with the notice owed to the device's reader (given once) on a last line of its own. */
export function withNotice(ctx: Pick<SvcContext, 'shared'>, serial: string, screen: string): string {
  const notices = stateOf(ctx).notices;
  const text = notices.get(serial);
  notices.delete(serial);
  return text === undefined ? screen : `${screen}\n! ${text}`;
}
