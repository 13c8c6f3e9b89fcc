// `svc notifications`: the notifications posted on the phone now, newest first, read from the shell's dump of the
// notification service (any stock phone over adb, Android 5 to 16), within a budget as screens are; or, with
// `wait`, the first new one that matches, and the one-time code in it.
import { z } from 'zod';
import { SvcError } from '../../contracts/errors.ts';
import type { DumpedNotification } from '../notification-dump.ts';
import { extractCode, matches, readNotifications, waitForNotification } from '../notification-read.ts';
import { deviceTool } from '../tool.ts';
import { packageName } from './tool-fields.ts';

const DEFAULT_MAX_ITEMS = 20;
const DEFAULT_MAX_CHARS = 8000;

const regex = (what: string) =>
  z
    .string()
    .min(1)
    .max(500)
    .refine((source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    }, 'must be a valid regular expression')
    .describe(what);

/** What an agent reads of one notification. */
function shown(n: DumpedNotification) {
  return {
    key: n.key,
    app: n.app,
    title: n.title,
    text: n.text,
    ...(n.bigText !== null && n.bigText !== n.text ? { bigText: n.bigText } : {}),
    ...(n.subText !== null ? { subText: n.subText } : {}),
    time: n.time === null ? null : new Date(n.time).toISOString(),
    category: n.category,
    ongoing: n.ongoing,
    clearable: n.clearable,
    actions: n.actions,
    ...(n.textHidden ? { textHidden: true } : {}),
  };
}

const HIDDEN = {
  code: 'NOTIFICATION_TEXT_HIDDEN',
  hint: 'This phone does not print notification text to the shell (Android 5 and 6): open the shade with `svc notification shade-open` and read the screen.',
};

export const notificationsTool = deviceTool({
  name: 'notifications',
  title: 'Notifications',
  brief: 'Notifications now, newest first; wait: the next new match; extract code: its one-time code.',
  description:
    'The notifications posted on the phone now, newest first: key, app, title, text (bigText, subText), time, ' +
    'category, ongoing, clearable and the titles of its actions. app and textMatches (a regular expression over ' +
    'title and text) filter; maxItems (default 20) and maxChars (default 8000, 0 = no cap) bound the answer ' +
    '(truncated and leftOut say what was left out). wait: true returns the first notification posted after the ' +
    'call that matches (NOTIFICATION_WAIT_TIMEOUT after timeoutMs, default 30000; CLI: --timeout). extract: "code" adds code, the ' +
    'one-time code in it (4-8 digits, or the first group of codePattern). Where the phone does not print the text ' +
    '(Android 5 and 6) each one has textHidden and the answer says NOTIFICATION_TEXT_HIDDEN.',
  args: z.strictObject({
    app: packageName.optional(),
    textMatches: regex('regex').optional(),
    wait: z.boolean().optional(),
    timeoutMs: z.number().int().min(100).max(600_000).optional(),
    extract: z.enum(['code']).optional(),
    codePattern: regex('regex').optional(),
    maxItems: z.number().int().min(1).max(500).optional(),
    maxChars: z.number().int().min(0).max(1_000_000).optional(),
  }),
  locksDevice: false,
  readOnly: true,
  run: async ({ ctx, serial, args }) => {
    const filter = {
      app: args.app,
      textMatches: args.textMatches === undefined ? undefined : new RegExp(args.textMatches, 'i'),
    };
    const codePattern = args.codePattern === undefined ? undefined : new RegExp(args.codePattern);
    const wantsCode = args.extract === 'code';
    if (args.wait === true) {
      const timeoutMs = args.timeoutMs ?? 30_000;
      const found = await waitForNotification(ctx, serial, filter, timeoutMs, (n) =>
        wantsCode ? n.textHidden || extractCode(n, codePattern) !== null : true,
      );
      if (found.textHidden) {
        throw new SvcError('NOTIFICATION_TEXT_HIDDEN', 'The new notification came, but this phone hides its text.', {
          deviceId: serial,
          key: found.key,
          app: found.app,
        });
      }
      return {
        notification: shown(found),
        ...(wantsCode ? { code: extractCode(found, codePattern) } : {}),
      };
    }
    const all = (await readNotifications(ctx, serial)).filter((n) => matches(n, filter));
    const maxItems = args.maxItems ?? DEFAULT_MAX_ITEMS;
    const maxChars = args.maxChars === 0 ? Number.POSITIVE_INFINITY : (args.maxChars ?? DEFAULT_MAX_CHARS);
    const kept: ReturnType<typeof shown>[] = [];
    let chars = 0;
    for (const n of all.slice(0, maxItems)) {
      const item = { ...shown(n), ...(wantsCode ? { code: extractCode(n, codePattern) } : {}) };
      const size = JSON.stringify(item).length;
      if (kept.length > 0 && chars + size > maxChars) break;
      kept.push(item);
      chars += size;
    }
    const hidden = all.some((n) => n.textHidden);
    return {
      notifications: kept,
      count: kept.length,
      truncated: kept.length < all.length,
      ...(kept.length < all.length ? { leftOut: all.length - kept.length } : {}),
      ...(hidden ? { textHidden: HIDDEN } : {}),
    };
  },
});
