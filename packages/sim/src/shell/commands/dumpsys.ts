// `dumpsys <service>`: `package <pkg>`, plus the focus lines of `window` and `activity activities` that tools grep
// for the foreground app (`mCurrentFocus=`, `mResumedActivity:`).
import type { DeviceApi, ShellCommand } from '../../device/types.ts';
import { dumpPackage } from './dumpsys-package.ts';

function topActivity(device: DeviceApi): string {
  const pkg = device.ui.foregroundPackage();
  const full = device.packages.get(pkg)?.launcherActivity ?? `${pkg}/.MainActivity`;
  const [name = pkg, cls = ''] = full.split('/');
  return `${name}/${cls.startsWith(`${name}.`) ? cls.slice(name.length) : cls}`;
}

export const dumpsys: ShellCommand = async (argv, io, device) => {
  const [service, ...args] = argv;
  switch (service) {
    case 'package': {
      const name = args.filter((a) => !a.startsWith('-')).at(-1);
      if (name === undefined) {
        await io.writeStdout('Packages:\n');
        return 0;
      }
      return dumpPackage(name, io, device);
    }
    case 'window': {
      const top = topActivity(device);
      const task = `${top.split('/')[0]}`;
      await io.writeStdout(
        `WINDOW MANAGER WINDOWS (dumpsys window windows)\n  mCurrentFocus=Window{1b2c3d4 u0 ${top}}\n` +
          `  mFocusedApp=ActivityRecord{5e6f7a8 u0 ${top} t${12 + task.length}}\n`,
      );
      return 0;
    }
    case 'activity': {
      const top = topActivity(device);
      await io.writeStdout(
        `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n` +
          `  ResumedActivity: ActivityRecord{5e6f7a8 u0 ${top} t12}\n` +
          `    mResumedActivity: ActivityRecord{5e6f7a8 u0 ${top} t12}\n` +
          `  topResumedActivity=ActivityRecord{5e6f7a8 u0 ${top} t12}\n`,
      );
      return 0;
    }
    case undefined:
      await io.writeStdout('Currently running services:\n  activity\n  package\n  window\n');
      return 0;
  }
  await io.writeStderr(`Can't find service: ${service}\n`);
  return 0;
};
