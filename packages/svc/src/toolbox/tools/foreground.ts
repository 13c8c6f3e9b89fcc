// Which app and activity are in front, from the window manager's focus lines (the adb driver's reading of
// `dumpsys window`, per API level), and whether the lock screen has the focus.
import { z } from 'zod';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { readForeground } from '../../device-shell/foreground.ts';
import { deviceTool } from '../tool.ts';

/** `.Settings` of com.android.settings → com.android.settings.Settings. */
export function fullActivityName(pkg: string, activity: string): string {
  return activity.startsWith('.') ? `${pkg}${activity}` : activity;
}

export const foregroundTool = deviceTool({
  name: 'foreground',
  title: 'App in front',
  brief: 'The app and activity in front, and whether the lock screen has the focus.',
  description:
    'Which app and activity are in front: { package, activity, component, focusedWindow, locked }. package is ' +
    'null when no app has the focus (a system window such as the notification shade); locked is true while the ' +
    'lock screen has the focus (taps would reach it, not an app).',
  args: z.strictObject({}),
  locksDevice: false,
  readOnly: true,
  run: async ({ ctx, serial }) => {
    const front = await readForeground(new DeviceShell(ctx, serial));
    const activity =
      front.package !== undefined && front.activity !== undefined
        ? fullActivityName(front.package, front.activity)
        : null;
    return {
      package: front.package ?? null,
      activity,
      component:
        front.package !== undefined && front.activity !== undefined ? `${front.package}/${front.activity}` : null,
      focusedWindow: front.focusedWindow ?? null,
      locked: front.locked,
    };
  },
});
