// Acting on a notification as its user does, through the shade (toolbox/shade.ts says why nothing else works from
// the shell): open it (its content intent), dismiss it, press one of its actions (with a reply where the action
// takes text), and open or close the shade itself (do shade-open / shade-close). The notification is named by its key from `notifications`.
import { z } from 'zod';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { DumpedNotification } from '../notification-dump.ts';
import { readNotifications } from '../notification-read.ts';
import { actInShade, setShade } from '../shade.ts';
import { deviceTool } from '../tool.ts';

async function posted(ctx: SvcContext, serial: string, wanted: string): Promise<DumpedNotification> {
  const found = (await readNotifications(ctx, serial)).find((n) => n.key === wanted);
  if (!found) {
    throw new SvcError('NOTIFICATION_NOT_FOUND', `No notification with key ${wanted} is posted now.`, {
      deviceId: serial,
      key: wanted,
    });
  }
  return found;
}

export const notificationTool = deviceTool({
  name: 'notification',
  title: 'Act on a notification',
  brief: 'Via the shade: open, dismiss or action (title, reply) notification `key`; shade-open|shade-close.',
  description:
    'Act on the notification named by key (from notifications) as its user does, through the shade (the shell ' +
    'cannot fire another app’s notification nor cancel it): do open (its content intent, as a tap on it), dismiss ' +
    '(swiped away; NOTIFICATION_NOT_CLEARABLE when ongoing), or action: press the button titled action, typing ' +
    'reply into the field it opens (a messaging app’s Reply). shade-open and shade-close open and close the shade ' +
    '(no key). NOTIFICATION_NOT_FOUND when it is gone, NOTIFICATION_ACTION_NOT_FOUND names its actions, ' +
    'NOTIFICATION_NOT_IN_SHADE when the shade does not show it.',
  args: z
    .strictObject({
      do: z.enum(['open', 'dismiss', 'action', 'shade-open', 'shade-close']),
      key: z.string().min(3).max(1000).optional(),
      action: z.string().min(1).max(200).optional(),
      reply: z.string().min(1).max(2000).optional(),
    })
    .refine((args) => args.do.startsWith('shade') || args.key !== undefined, {
      message: 'the notification key is required (from notifications)',
      path: ['key'],
    })
    .refine((args) => args.do !== 'action' || args.action !== undefined, {
      message: 'do action needs the action title',
      path: ['action'],
    }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    if (args.do === 'shade-open' || args.do === 'shade-close') {
      const open = args.do === 'shade-open';
      return { shade: open ? 'open' : 'closed', command: await setShade(ctx, serial, open) };
    }
    const n = await posted(ctx, serial, args.key as string);
    if (args.do === 'open') {
      return { key: n.key, app: n.app, opened: true, ...(await actInShade(ctx, serial, n, { kind: 'open' })) };
    }
    if (args.do === 'dismiss') {
      if (!n.clearable) {
        throw new SvcError('NOTIFICATION_NOT_CLEARABLE', `${n.key} is ongoing: the user cannot dismiss it.`, {
          deviceId: serial,
          key: n.key,
        });
      }
      const done = await actInShade(ctx, serial, n, { kind: 'dismiss' });
      const gone = !(await readNotifications(ctx, serial)).some((m) => m.key === n.key);
      return { key: n.key, dismissed: gone, ...done };
    }
    const wanted = (args.action ?? '').toLowerCase();
    const action = n.actions.find((title) => title.toLowerCase() === wanted);
    if (action === undefined) {
      throw new SvcError('NOTIFICATION_ACTION_NOT_FOUND', `${n.key} has no action "${args.action}".`, {
        deviceId: serial,
        key: n.key,
        actions: n.actions,
      });
    }
    const act = { kind: 'action' as const, action, ...(args.reply === undefined ? {} : { reply: args.reply }) };
    return { key: n.key, action, pressed: true, ...(await actInShade(ctx, serial, n, act)) };
  },
});
