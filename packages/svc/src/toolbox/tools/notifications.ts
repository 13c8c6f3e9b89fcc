// `svc notifications`: the notifications posted on the phone now, newest first, read from the shell's dump of the
// notification service (any stock phone over adb, Android 5 to 16), within a budget as screens are; or, with
// `wait`, the first new one that matches, and the one-time code in it.
import { NOTIFICATIONS_DEFAULTS, type notifications } from '../../contracts/chores/notifications.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { ChoreRunner } from '../chore.ts';
import type { DumpedNotification } from '../notification-dump.ts';
import { extractCode, matches, readNotifications, waitForNotification } from '../notification-read.ts';

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

export const runNotifications: ChoreRunner<typeof notifications> = async ({ ctx, serial, params }) => {
  const filter = {
    app: params.app,
    textMatches: params.textMatches === undefined ? undefined : new RegExp(params.textMatches, 'i'),
  };
  const codePattern = params.codePattern === undefined ? undefined : new RegExp(params.codePattern);
  const wantsCode = params.extract === 'code';
  if (params.wait === true) {
    const timeoutMs = params.timeoutMs ?? NOTIFICATIONS_DEFAULTS.timeoutMs;
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
  const maxItems = params.maxItems ?? NOTIFICATIONS_DEFAULTS.maxItems;
  const maxChars =
    params.maxChars === 0 ? Number.POSITIVE_INFINITY : (params.maxChars ?? NOTIFICATIONS_DEFAULTS.maxChars);
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
};
