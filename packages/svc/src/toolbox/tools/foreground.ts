// Which app and activity are in front, from the window manager's focus lines (the adb driver's reading of
// `dumpsys window`, per API level), and whether the lock screen has the focus.
import type { foreground } from '../../contracts/chores/foreground.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { readForeground } from '../../device-shell/foreground.ts';
import type { ChoreRunner } from '../chore.ts';

/** `.Settings` of com.android.settings → com.android.settings.Settings. */
export function fullActivityName(pkg: string, activity: string): string {
  return activity.startsWith('.') ? `${pkg}${activity}` : activity;
}

export const runForeground: ChoreRunner<typeof foreground> = async ({ ctx, serial }) => {
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
};
