// sms: recent text messages in the phone's inbox, where the phone lets the shell read them.
import { int } from '../fields.ts';
import { defineChore } from './define.ts';

export const SMS_DEFAULT_MAX = 10;

const DESCRIPTION =
  'Recent text messages in the phone’s inbox, newest first: from, time, read, body; max (default 10). Many ' +
  'phones do not let the shell read them: SMS_UNAVAILABLE (read the code from the messaging app’s notification ' +
  'with notifications instead).';

export const sms = defineChore({
  name: 'sms',
  title: 'Text messages',
  brief: 'Recent SMS texts (many phones refuse: SMS_UNAVAILABLE).',
  description: DESCRIPTION,
  params: { fields: { max: int({ min: 1, max: 200 }) } },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'sms',
    description: 'text messages',
    examples: ['svc sms --max 5'],
    inputs: [
      {
        kind: 'flag',
        flag: '--max <n>',
        param: 'max',
        integer: true,
        help: `Newest messages to return (default ${SMS_DEFAULT_MAX})`,
      },
    ],
  },
  example: { max: 5 },
});
