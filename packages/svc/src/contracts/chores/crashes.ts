// crashes: recent app crashes and ANRs, newest first, from the crash buffer and the dropbox (crash reads one).
import { int } from '../fields.ts';
import { PACKAGE_AND_SINCE_FLAGS, packageName, paramAt } from './chore-fields.ts';
import { defineChore } from './define.ts';
import { checkSince, since } from './time-spec.ts';

export const CRASHES_DEFAULT_LIMIT = 20;

const DESCRIPTION =
  'Recent app crashes and ANRs (app not responding), newest first: { id, kind (crash|anr), package, pid, time, ' +
  'summary (exception or reason), source }. Filter by package and since (10m, 2h, 1d, an ISO time); limit ' +
  '(default 20). Read one in full with crash and its id. deviceClock: unknown says the device did not tell its ' +
  'time (report times may be off by its zone; since then fails with DEVICE_SHELL_UNAVAILABLE); a device that ' +
  'refuses the reads fails with DEVICE_SHELL_UNAVAILABLE and its words.';

export const crashes = defineChore({
  name: 'crashes',
  title: 'Recent crashes and ANRs',
  brief: 'Recent crashes and ANRs, newest first (`package`, `since` 10m|2h|ISO); `crash` reads one.',
  description: DESCRIPTION,
  params: {
    fields: { package: packageName, since, limit: int({ min: 1, max: 100 }) },
    check(params, path) {
      checkSince(params.since, paramAt(path, 'since'));
    },
  },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'crashes',
    description: 'recent crashes and ANRs',
    examples: ['svc crashes', 'svc crashes --package com.example.app --since 1h'],
    inputs: [
      ...PACKAGE_AND_SINCE_FLAGS,
      {
        kind: 'flag',
        flag: '--limit <n>',
        param: 'limit',
        integer: true,
        help: `Newest reports to return (default ${CRASHES_DEFAULT_LIMIT})`,
      },
    ],
  },
  example: { package: 'com.example.app', since: '1h', limit: 5 },
});
