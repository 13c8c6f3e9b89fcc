// The notifications posted on a phone now, read from `dumpsys notification --noredact` (notification-dump.ts), the
// filters an agent gives (app, a regular expression over the text), the wait for a new one, and the one-time code
// in one. The dump holds the text of every app's notifications: it goes back to the caller only, never to a log.
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { shellRefused } from './device-answer.ts';
import { type DumpedNotification, parseNotificationDump } from './notification-dump.ts';

export const DUMP_NOTIFICATIONS = 'dumpsys notification --noredact';
/** How often a wait reads the list again: a dump costs the phone ~50 ms, a code arrives within seconds. */
const WAIT_POLL_MS = 500;
/** A one-time code: 4 to 8 digits standing alone (not inside a longer number, a date or a phone number). */
const CODE = /(?<![\d+-])\d{4,8}(?![\d-])/;

export async function readNotifications(ctx: SvcContext, serial: string): Promise<DumpedNotification[]> {
  const out = await ctx.adb.shell(serial, DUMP_NOTIFICATIONS);
  // Only the dump's own first lines can say it failed: the rest is the apps' text and may say anything.
  const head = `${out.stderr}\n${out.stdout.slice(0, 300)}`;
  const missing = /Can't find service: notification|Permission Denial: can't dump/.exec(head);
  if (missing || (out.exitCode !== 0 && out.stdout.trim() === '')) {
    throw shellRefused(serial, DUMP_NOTIFICATIONS, missing?.[0] ?? (out.stderr.trim() || `exit ${out.exitCode}`));
  }
  const list = parseNotificationDump(out.stdout);
  // Newest first; a record without a time keeps its place after the timed ones.
  return list
    .map((n, i) => ({ n, i }))
    .sort((a, b) => (b.n.postedMs ?? -1) - (a.n.postedMs ?? -1) || b.i - a.i)
    .map(({ n }) => n);
}

export interface NotificationFilter {
  app?: string | undefined;
  textMatches?: RegExp | undefined;
}

/** Everything the notification says, as one text (what --text-matches and the code look in). */
export function wordsOf(n: DumpedNotification): string {
  return [n.title, n.text, n.bigText, n.subText].filter((t): t is string => t !== null).join('\n');
}

export function matches(n: DumpedNotification, filter: NotificationFilter): boolean {
  if (filter.app !== undefined && n.app !== filter.app) return false;
  return filter.textMatches === undefined || filter.textMatches.test(wordsOf(n));
}

/** The code in a notification: the pattern's first group (else its whole match), or 4-8 digits. */
export function extractCode(n: DumpedNotification, pattern?: RegExp): string | null {
  const found = (pattern ?? CODE).exec(wordsOf(n));
  if (!found) return null;
  return found[1] ?? found[0];
}

/** What "new" means: a key not posted when the wait began, or one posted again (updated) since. */
function seenOf(list: DumpedNotification[]): Map<string, number | null> {
  return new Map(list.map((n) => [n.key, n.postedMs]));
}

function isNew(n: DumpedNotification, seen: Map<string, number | null>): boolean {
  if (!seen.has(n.key)) return true;
  const before = seen.get(n.key);
  return n.postedMs !== null && before !== null && before !== undefined && n.postedMs > before;
}

/**
 * Waits for the first notification posted after the call that passes `filter` (and holds a code, when one is
 * wanted); NOTIFICATION_WAIT_TIMEOUT when none came within `timeoutMs`.
 */
export async function waitForNotification(
  ctx: SvcContext,
  serial: string,
  filter: NotificationFilter,
  timeoutMs: number,
  wants: (n: DumpedNotification) => boolean = () => true,
): Promise<DumpedNotification> {
  const deadline = ctx.clock.monotonic() + timeoutMs;
  const seen = seenOf(await readNotifications(ctx, serial));
  for (;;) {
    await ctx.clock.sleep(Math.max(0, Math.min(WAIT_POLL_MS, deadline - ctx.clock.monotonic())));
    const now = await readNotifications(ctx, serial);
    const hit = now.find((n) => isNew(n, seen) && matches(n, filter) && wants(n));
    if (hit) return hit;
    if (ctx.clock.monotonic() >= deadline) {
      throw new SvcError('NOTIFICATION_WAIT_TIMEOUT', `No new matching notification within ${timeoutMs} ms.`, {
        deviceId: serial,
        timeoutMs,
        ...(filter.app === undefined ? {} : { app: filter.app }),
      });
    }
  }
}
