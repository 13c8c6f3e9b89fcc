// Which app and activity are in front, and whether the lock screen has the focus.
import { defineChore } from './define.ts';

export const foreground = defineChore({
  name: 'foreground',
  title: 'App in front',
  brief: 'App and activity in front; is the lock screen focused?',
  description:
    'Which app and activity are in front: { package, activity, component, focusedWindow, locked }. package is ' +
    'null when no app has the focus (a system window such as the notification shade); locked is true while the ' +
    'lock screen has the focus (taps would reach it, not an app).',
  params: { fields: {} },
  nature: 'read',
  locksDevice: false,
  cli: { verb: 'foreground', description: 'app in front', examples: ['svc foreground'], inputs: [] },
  example: {},
});
