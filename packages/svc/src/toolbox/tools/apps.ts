// The apps on the device. Launchable apps come from the package manager's answer to the launcher intent:
// `cmd package query-activities --components -a android.intent.action.MAIN -c android.intent.category.LAUNCHER`
// (one `pkg/.Activity` per line; AOSP PackageManagerShellCommand.runQueryIntentActivities). An older build without
// --components prints the ResolveInfo dump instead, whose `packageName=` lines mobile-mcp reads: both are parsed.
// `all` adds every package of `pm list packages` (and `-3` says which the user installed). Android 5 and 6 have no
// `cmd`: the tool says so (DEVICE_SHELL_UNAVAILABLE) rather than list nothing.
import type { apps as appsChore } from '../../contracts/chores/apps.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import type { ChoreRunner } from '../chore.ts';
import { androidName, checkedShell } from '../device-answer.ts';

const LAUNCHER_QUERY =
  'cmd package query-activities --components -a android.intent.action.MAIN -c android.intent.category.LAUNCHER';

export interface LaunchableApp {
  package: string;
  activity: string;
}

/** The launcher activities of either output shape of query-activities. */
export function parseLauncherActivities(text: string): LaunchableApp[] {
  const found = new Map<string, string>();
  let name: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const component = /^([A-Za-z0-9_.]+)\/([A-Za-z0-9_.$]+)$/.exec(line);
    if (component) {
      const [, pkg = '', cls = ''] = component;
      if (!found.has(pkg)) found.set(pkg, cls.startsWith('.') ? `${pkg}${cls}` : cls);
      continue;
    }
    if (line.startsWith('name=')) name = line.slice('name='.length);
    else if (line.startsWith('packageName=')) {
      const pkg = line.slice('packageName='.length);
      if (!found.has(pkg)) found.set(pkg, name ?? '');
      name = undefined;
    }
  }
  return [...found]
    .map(([pkg, activity]) => ({ package: pkg, activity }))
    .sort((a, b) => (a.package < b.package ? -1 : 1));
}

function packagesOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('package:') && line.length > 'package:'.length)
    .map((line) => line.slice('package:'.length));
}

/**
 * Below Android 7 there is no `cmd` (AOSP system/core/shell_and_utilities/README.md): the phone answers
 * "/system/bin/sh: cmd: not found" with no exit status, which must not read as "no apps".
 */
async function requireCmd(ctx: SvcContext, serial: string): Promise<void> {
  const sdk = await new DeviceShell(ctx, serial).sdk();
  if (sdk >= 24) return;
  throw new SvcError(
    'DEVICE_SHELL_UNAVAILABLE',
    `${androidName(sdk)} cannot list its launchable apps over adb (it has no \`cmd package query-activities\`, which came with Android 7).`,
    { deviceId: serial, sdk },
    'Open an app by its package name (`svc open <package>`); `adb shell pm list packages` lists the installed packages.',
  );
}

export const runApps: ChoreRunner<typeof appsChore> = async ({ ctx, serial, params }) => {
  await requireCmd(ctx, serial);
  const launchable = parseLauncherActivities(await checkedShell(ctx, serial, LAUNCHER_QUERY));
  if (params.all !== true) return { apps: launchable, count: launchable.length };
  const [all, third] = await Promise.all([
    checkedShell(ctx, serial, 'pm list packages'),
    checkedShell(ctx, serial, 'pm list packages -3'),
  ]);
  const userInstalled = new Set(packagesOf(third));
  const activities = new Map(launchable.map((app) => [app.package, app.activity]));
  const apps = [...new Set(packagesOf(all))].sort().map((pkg) => {
    const activity = activities.get(pkg);
    return {
      package: pkg,
      launchable: activity !== undefined,
      ...(activity === undefined ? {} : { activity }),
      userInstalled: userInstalled.has(pkg),
    };
  });
  return { apps, count: apps.length };
};
