// Text messages the simulated phone received: the telephony provider's inbox (what `content query --uri
// content://sms/inbox` reads, shell/commands/content.ts) and the messaging app's notification of each, as Google
// Messages posts it (category msg, a Reply action that takes text, Mark as read).
import type { DeviceApi } from './types.ts';

export const MESSAGING_PACKAGE = 'com.google.android.apps.messaging';

export interface SmsMessage {
  id: number;
  address: string;
  body: string;
  /** Epoch ms. */
  date: number;
  read: boolean;
}

const inboxes = new WeakMap<DeviceApi, SmsMessage[]>();

export function smsInbox(device: DeviceApi): SmsMessage[] {
  let inbox = inboxes.get(device);
  if (!inbox) {
    inbox = [];
    inboxes.set(device, inbox);
  }
  return inbox;
}

/** A text message arrives: it is stored and the messaging app posts its notification. */
export function receiveSms(device: DeviceApi, message: { from: string; body: string }): SmsMessage {
  const inbox = smsInbox(device);
  const sms = { id: inbox.length + 1, address: message.from, body: message.body, date: device.now(), read: false };
  inbox.push(sms);
  device.notifications?.post({
    pkg: MESSAGING_PACKAGE,
    title: message.from,
    text: message.body,
    category: 'msg',
    actions: [{ title: 'Reply', reply: true }, { title: 'Mark as read' }],
  });
  return sms;
}
