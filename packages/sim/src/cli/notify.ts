// `svc-sim notify <serial> --app <pkg> --title <t> --text <t>`: a notification posted as if that app had posted it
// (a tap on it opens the app when the app has a launcher activity). Parsed here, posted by the control server.
import { parseArgs } from 'node:util';
import type { NotificationActionDef } from '../device/notifications.ts';
import type { DeviceApi } from '../device/types.ts';

export const NOTIFY_USAGE =
  'usage: svc-sim notify <serial> --app <pkg> --title <t> --text <t> [--big-text t] [--sub-text t] ' +
  '[--category msg|email|...] [--ongoing] [--action <title>]... [--reply-action <title>]';

/** The control request's body from the command line's flags. */
export function notifyBody(args: string[]): Record<string, unknown> {
  const { values } = parseArgs({
    args,
    options: {
      app: { type: 'string' },
      title: { type: 'string' },
      text: { type: 'string' },
      'big-text': { type: 'string' },
      'sub-text': { type: 'string' },
      category: { type: 'string' },
      ongoing: { type: 'boolean' },
      action: { type: 'string', multiple: true },
      'reply-action': { type: 'string' },
    },
  });
  if (!values.app || values.title === undefined || values.text === undefined) throw new Error(NOTIFY_USAGE);
  const actions = [
    ...(values.action ?? []).map((title) => ({ title })),
    ...(values['reply-action'] ? [{ title: values['reply-action'], reply: true }] : []),
  ];
  return {
    app: values.app,
    title: values.title,
    text: values.text,
    ...(values['big-text'] !== undefined ? { bigText: values['big-text'] } : {}),
    ...(values['sub-text'] !== undefined ? { subText: values['sub-text'] } : {}),
    ...(values.category !== undefined ? { category: values.category } : {}),
    ...(values.ongoing ? { ongoing: true } : {}),
    actions,
  };
}

const text = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new Error(`${name} must be a string`);
  return value;
};

/** Posts the notification a control request describes; throws on a malformed one. */
export function postFromControl(device: DeviceApi, body: Record<string, unknown>): void {
  const store = device.notifications;
  if (!store) throw new Error('this device keeps no notifications');
  const app = text(body.app, 'app');
  if (!/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/.test(app)) throw new Error('app must be a package name');
  const actions: NotificationActionDef[] = Array.isArray(body.actions)
    ? body.actions.map((a: { title?: unknown; reply?: unknown }) => ({
        title: text(a.title, 'actions[].title'),
        ...(a.reply === true ? { reply: true } : {}),
      }))
    : [];
  const optional = (name: 'bigText' | 'subText' | 'category') =>
    body[name] === undefined ? {} : { [name]: text(body[name], name) };
  store.post({
    pkg: app,
    title: text(body.title, 'title'),
    text: text(body.text, 'text'),
    ...optional('bigText'),
    ...optional('subText'),
    ...optional('category'),
    ongoing: body.ongoing === true,
    autoCancel: body.ongoing !== true,
    actions,
    ...(device.packages.get(app)?.launcherActivity ? { contentIntent: { launch: app } } : {}),
  });
}
