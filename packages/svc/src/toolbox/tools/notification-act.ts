// Acting on a notification as its user does, through the shade (toolbox/shade.ts says why nothing else works from
// the shell): open it (its content intent), dismiss it, press one of its actions (with a reply where the action
// takes text), and open or close the shade itself. The notification is named by its key from `notifications`.
import { z } from 'zod';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { DumpedNotification } from '../notification-dump.ts';
import { readNotifications } from '../notification-read.ts';
import { actInShade, setShade } from '../shade.ts';
import { deviceTool } from '../tool.ts';

const key = z.string().min(3).max(1000).describe('The notification key, as `notifications` lists it');

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

export const notificationOpenTool = deviceTool({
  name: 'notification-open',
  title: 'Open a notification',
  brief: 'Open the notification `key` (as a tap on it does), through the shade.',
  description:
    'Open the notification named by key (from notifications) as a tap on it does: its content intent starts. The ' +
    'shell cannot fire it directly, so svc opens the shade and taps its row; NOTIFICATION_NOT_FOUND when it is ' +
    'gone, NOTIFICATION_NOT_IN_SHADE when the shade does not show it (grouped, or text hidden).',
  args: z.strictObject({ key }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const n = await posted(ctx, serial, args.key);
    return { key: n.key, app: n.app, opened: true, ...(await actInShade(ctx, serial, n, { kind: 'open' })) };
  },
});

export const notificationDismissTool = deviceTool({
  name: 'notification-dismiss',
  title: 'Dismiss a notification',
  brief: 'Dismiss the notification `key` (swiped away in the shade).',
  description:
    'Dismiss the notification named by key, as swiping it away does (the shell cannot cancel another app’s ' +
    'notification): dismissed says whether it is gone. An ongoing one cannot be: NOTIFICATION_NOT_CLEARABLE.',
  args: z.strictObject({ key }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const n = await posted(ctx, serial, args.key);
    if (!n.clearable) {
      throw new SvcError('NOTIFICATION_NOT_CLEARABLE', `${n.key} is ongoing: the user cannot dismiss it.`, {
        deviceId: serial,
        key: n.key,
      });
    }
    const done = await actInShade(ctx, serial, n, { kind: 'dismiss' });
    const gone = !(await readNotifications(ctx, serial)).some((m) => m.key === n.key);
    return { key: n.key, dismissed: gone, ...done };
  },
});

export const notificationActionTool = deviceTool({
  name: 'notification-action',
  title: 'Press a notification action',
  brief: 'Press the action `action` of the notification `key`; `reply`: the text for an action that takes a reply.',
  description:
    'Press one of the notification’s action buttons by its title (as notifications lists them), through the ' +
    'shade; with reply, type that text into the field the action opens (a messaging app’s Reply) and send it. ' +
    'NOTIFICATION_ACTION_NOT_FOUND names the titles it has.',
  args: z.strictObject({
    key,
    action: z.string().min(1).max(200).describe('The action’s title'),
    reply: z.string().min(1).max(2000).optional().describe('Text to send where the action takes a reply'),
  }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const n = await posted(ctx, serial, args.key);
    const action = n.actions.find((title) => title.toLowerCase() === args.action.toLowerCase());
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

export const shadeTool = deviceTool({
  name: 'shade',
  title: 'Open or close the notification shade',
  brief: 'Open (`open`) or close (`close`) the notification shade.',
  description:
    'Open or close the notification shade (cmd statusbar on Android 7 and later, service call statusbar before), ' +
    'to read or tap the notifications on the screen.',
  args: z.strictObject({ state: z.enum(['open', 'close']).describe('open or close') }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => ({
    state: args.state,
    command: await setShade(ctx, serial, args.state === 'open'),
  }),
});
