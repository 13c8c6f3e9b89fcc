// Acting on a notification as its user does, through the shade (toolbox/shade.ts says why nothing else works from
// the shell): open it (its content intent), dismiss it, press one of its actions (with a reply where the action
// takes text), and open or close the shade itself (do shade-open / shade-close). The notification is named by its key from `notifications`.
import type { notification } from '../../contracts/chores/notification.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { ChoreRunner } from '../chore.ts';
import type { DumpedNotification } from '../notification-dump.ts';
import { readNotifications } from '../notification-read.ts';
import { actInShade, setShade } from '../shade.ts';

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

export const runNotification: ChoreRunner<typeof notification> = async ({ ctx, serial, params }) => {
  if (params.do === 'shade-open' || params.do === 'shade-close') {
    const open = params.do === 'shade-open';
    return { shade: open ? 'open' : 'closed', command: await setShade(ctx, serial, open) };
  }
  const n = await posted(ctx, serial, params.key as string);
  if (params.do === 'open') {
    return { key: n.key, app: n.app, opened: true, ...(await actInShade(ctx, serial, n, { kind: 'open' })) };
  }
  if (params.do === 'dismiss') {
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
  const wanted = (params.action ?? '').toLowerCase();
  const action = n.actions.find((title) => title.toLowerCase() === wanted);
  if (action === undefined) {
    throw new SvcError('NOTIFICATION_ACTION_NOT_FOUND', `${n.key} has no action "${params.action}".`, {
      deviceId: serial,
      key: n.key,
      actions: n.actions,
    });
  }
  const act = { kind: 'action' as const, action, ...(params.reply === undefined ? {} : { reply: params.reply }) };
  return { key: n.key, action, pressed: true, ...(await actInShade(ctx, serial, n, act)) };
};
