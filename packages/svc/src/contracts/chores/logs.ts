// logs: the device log (logcat) of one app or of the whole device, newest last, since a time, filtered and bounded.
import { int, oneOf, str } from '../fields.ts';
import { PACKAGE_AND_SINCE_FLAGS, packageName, paramAt } from './chore-fields.ts';
import { defineChore } from './define.ts';
import { checkSince, since } from './time-spec.ts';

/** logcat's priorities, lowest first: a level keeps itself and those above it. */
export const LOG_LEVELS = ['V', 'D', 'I', 'W', 'E', 'F'] as const;
export const LOGS_DEFAULT_MAX_LINES = 200;

const DESCRIPTION =
  'Read the device log (logcat), newest last: lines "<ISO time> <pid> <level> <tag>: <message>". package keeps ' +
  'the lines of that app while it runs (running: false and no lines when it does not run: use crashes for a ' +
  'crashed app); since (90s, 10m, 2h, an ISO time), level (V D I W E F: that level and above), grep (text ' +
  'that must appear, case-insensitive) and maxLines (default 200, at most 2000) bound the answer; truncated ' +
  'says older matching lines were left out. A since relative to now (10m) is read on the device clock; a device ' +
  'that refuses logcat or does not tell its time fails with DEVICE_SHELL_UNAVAILABLE and its words.';

export const logs = defineChore({
  name: 'logs',
  title: 'Device log of an app',
  brief: 'Device log, newest last: `package` while it runs, `since` (90s, 10m, ISO), `level` and up, `grep`.',
  description: DESCRIPTION,
  params: {
    fields: {
      package: packageName,
      since,
      level: oneOf(LOG_LEVELS),
      grep: str('nonEmpty', 200),
      maxLines: int({ min: 1, max: 2000 }),
    },
    check(params, path) {
      checkSince(params.since, paramAt(path, 'since'));
    },
  },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'logs',
    description: 'device log of an app',
    examples: ['svc logs --package com.example.app --since 5m --level W', 'svc logs --grep timeout --max-lines 50'],
    inputs: [
      ...PACKAGE_AND_SINCE_FLAGS,
      {
        kind: 'flag',
        flag: '--level <level>',
        param: 'level',
        help: 'Lowest level to keep: V, D, I, W, E or F (default V)',
      },
      {
        kind: 'flag',
        flag: '--grep <grep>',
        param: 'grep',
        help: 'Only lines containing this text (case-insensitive)',
      },
      {
        kind: 'flag',
        flag: '--max-lines <n>',
        param: 'maxLines',
        integer: true,
        help: `Newest lines to return (default ${LOGS_DEFAULT_MAX_LINES})`,
      },
    ],
  },
  example: { package: 'com.example.app', since: '10m', level: 'W', grep: 'timeout', maxLines: 50 },
});
