// notifications: the notifications posted on the phone now, newest first, within a budget; or, with wait, the first
// new one that matches, and the one-time code in it.
import { bool, int, oneOf } from '../fields.ts';
import { checkRegex, PACKAGE_HELP, packageName, paramAt, regexSource } from './chore-fields.ts';
import { defineChore } from './define.ts';

export const NOTIFICATIONS_DEFAULTS = { maxItems: 20, maxChars: 8000, timeoutMs: 30_000 } as const;

const DESCRIPTION =
  'The notifications posted on the phone now, newest first: key, app, title, text (bigText, subText), time, ' +
  'category, ongoing, clearable and the titles of its actions. app and textMatches (a regular expression over ' +
  'title and text) filter; maxItems (default 20) and maxChars (default 8000, 0 = no cap) bound the answer ' +
  '(truncated and leftOut say what was left out). wait: true returns the first notification posted after the ' +
  'call that matches (NOTIFICATION_WAIT_TIMEOUT after timeoutMs, default 30000; CLI: --timeout). extract: "code" ' +
  'adds code, the one-time code in it (4-8 digits, or the first group of codePattern). Where the phone does not ' +
  'print the text (Android 5 and 6) each one has textHidden and the answer says NOTIFICATION_TEXT_HIDDEN.';

export const notifications = defineChore({
  name: 'notifications',
  title: 'Notifications',
  brief: 'Notifications now, newest first; wait: the next new match; extract code: its one-time code.',
  description: DESCRIPTION,
  params: {
    fields: {
      app: packageName,
      textMatches: regexSource,
      wait: bool,
      timeoutMs: int({ min: 100, max: 600_000 }),
      extract: oneOf(['code']),
      codePattern: regexSource,
      maxItems: int({ min: 1, max: 500 }),
      maxChars: int({ min: 0, max: 1_000_000 }),
    },
    check(params, path) {
      checkRegex(params.textMatches, paramAt(path, 'textMatches'));
      checkRegex(params.codePattern, paramAt(path, 'codePattern'));
    },
  },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'notifications',
    description: 'notifications',
    examples: [
      'svc notifications --app com.google.android.gm',
      'svc notifications --wait --app com.example.bank --extract code --timeout 60000',
    ],
    inputs: [
      { kind: 'flag', flag: '--app <app>', param: 'app', help: PACKAGE_HELP },
      {
        kind: 'flag',
        flag: '--text-matches <text-matches>',
        param: 'textMatches',
        help: 'Only notifications whose title or text matches this regular expression (any case)',
      },
      { kind: 'switch', flag: '--wait', param: 'wait', value: true, help: 'Wait for the first new one that matches' },
      { kind: 'timeout', param: 'timeoutMs' },
      { kind: 'flag', flag: '--extract <extract>', param: 'extract', help: 'code: add the one-time code in it' },
      {
        kind: 'flag',
        flag: '--code-pattern <code-pattern>',
        param: 'codePattern',
        help: 'Regular expression whose first group is the code (default: 4 to 8 digits)',
      },
      {
        kind: 'flag',
        flag: '--max-items <n>',
        param: 'maxItems',
        integer: true,
        help: `Most notifications to return (default ${NOTIFICATIONS_DEFAULTS.maxItems})`,
      },
      {
        kind: 'flag',
        flag: '--max-chars <n>',
        param: 'maxChars',
        integer: true,
        help: `Most characters of JSON to return (default ${NOTIFICATIONS_DEFAULTS.maxChars}, 0 = no cap)`,
      },
    ],
  },
  example: { app: 'com.example.bank', wait: true, timeoutMs: 60_000, extract: 'code', textMatches: 'code' },
});
