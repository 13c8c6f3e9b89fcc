// The apps on the device: those with a launcher icon, or every installed package.
import { bool } from '../fields.ts';
import { defineChore } from './define.ts';

export const apps = defineChore({
  name: 'apps',
  title: 'List apps',
  brief: 'Launchable apps; `all`: every installed package.',
  description:
    'The apps on the device: by default those with a launcher icon, as { package, activity } (open one with ' +
    'open). With all: true every installed package, as { package, launchable, activity?, userInstalled }. ' +
    'Needs Android 7 or newer (DEVICE_SHELL_UNAVAILABLE on Android 5 and 6).',
  params: { fields: { all: bool } },
  nature: 'read',
  locksDevice: false,
  cli: {
    verb: 'apps',
    description: 'list apps',
    examples: ['svc apps', 'svc apps --all'],
    inputs: [
      {
        kind: 'switch',
        flag: '--all',
        param: 'all',
        value: true,
        help: 'Every installed package, not only launchable apps',
      },
    ],
  },
  example: { all: true },
});
