// notification: act on a notification as its user does, through the shade (open, dismiss, press an action with a
// reply), or open and close the shade itself.
import { oneOf, str } from '../fields.ts';
import { fail } from '../validation-issue.ts';
import { paramAt } from './chore-fields.ts';
import { defineChore } from './define.ts';

export const NOTIFICATION_VERBS = ['open', 'dismiss', 'action', 'shade-open', 'shade-close'] as const;

const DESCRIPTION =
  'Act on the notification named by key (from notifications) as its user does, through the shade (the shell ' +
  'cannot fire another app’s notification nor cancel it): do open (its content intent, as a tap on it), dismiss ' +
  '(swiped away; NOTIFICATION_NOT_CLEARABLE when ongoing), or action: press the button titled action, typing ' +
  'reply into the field it opens (a messaging app’s Reply). shade-open and shade-close open and close the shade ' +
  '(no key). NOTIFICATION_NOT_FOUND when it is gone, NOTIFICATION_ACTION_NOT_FOUND names its actions, ' +
  'NOTIFICATION_NOT_IN_SHADE when the shade does not show it.';

export const notification = defineChore({
  name: 'notification',
  title: 'Act on a notification',
  brief: 'Via the shade: open, dismiss or action (title, reply) notification `key`; shade-open|shade-close.',
  description: DESCRIPTION,
  params: {
    fields: {
      do: oneOf(NOTIFICATION_VERBS),
      key: str('nonEmpty', 1000, 3),
      action: str('nonEmpty', 200),
      reply: str('nonEmpty', 2000),
    },
    required: ['do'],
    check(params, path) {
      // A missing `do` is already refused (cross-field rules run after a missing required param too).
      if (params.do === undefined) return;
      if (!params.do.startsWith('shade') && params.key === undefined) {
        fail(paramAt(path, 'key'), 'the notification key is required (from notifications)', 'key present');
      }
      if (params.do === 'action' && params.action === undefined) {
        fail(paramAt(path, 'action'), 'do action needs the action title', 'action present');
      }
    },
  },
  nature: 'act',
  locksDevice: true,
  cli: {
    verb: 'notification',
    description: 'act on a notification',
    examples: [
      'svc notification shade-open',
      "svc notification open '0|com.example.app|1|null|10123'",
      "svc notification action '0|com.google.android.apps.messaging|3|null|10140' Reply --reply 'On my way'",
    ],
    inputs: [
      { kind: 'argument', name: 'do', param: 'do', help: 'open, dismiss, action, shade-open or shade-close' },
      {
        kind: 'argument',
        name: 'key',
        param: 'key',
        optional: true,
        help: 'The notification key (from notifications)',
      },
      { kind: 'argument', name: 'action', param: 'action', optional: true, help: 'The title of the action to press' },
      { kind: 'flag', flag: '--reply <reply>', param: 'reply', help: 'Text to type into the field the action opens' },
    ],
  },
  example: { do: 'action', key: '0|com.google.android.apps.messaging|3|null|10140', action: 'Reply', reply: 'Hi' },
});
