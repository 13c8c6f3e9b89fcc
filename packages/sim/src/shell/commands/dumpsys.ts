// `dumpsys <service>`: `package <pkg>`, `input_method` (is the keyboard up), and the focus lines of `window` and
// `activity activities` that tools grep for the foreground app (`mCurrentFocus=`, `mResumedActivity:`).
import type { ShellCommand } from '../../device/types.ts';
import { dumpsysDisplay } from './dumpsys-display.ts';
import { dumpsysDropbox } from './dumpsys-dropbox.ts';
import { dumpsysLocation } from './dumpsys-location.ts';
import { dumpsysNotification } from './dumpsys-notification.ts';
import { dumpPackage } from './dumpsys-package.ts';
import { dumpsysInputMethod, dumpsysWindow, topActivity } from './dumpsys-window.ts';

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
    case 'window':
      return dumpsysWindow(args, io, device);
    case 'dropbox':
      return dumpsysDropbox(args, io, device);
    case 'display':
      return dumpsysDisplay(args, io, device);
    case 'location':
      return dumpsysLocation(args, io, device);
    case 'notification':
      return dumpsysNotification(args, io, device);
    case 'input_method':
      if (device.faults.get('input_method_service_missing') !== undefined) break;
      return dumpsysInputMethod(io, device);
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
      await io.writeStdout(
        'Currently running services:\n  activity\n  display\n  dropbox\n  input_method\n  location\n  notification\n  package\n  window\n',
      );
      return 0;
  }
  // frameworks/native/cmds/dumpsys/dumpsys.cpp: `aerr << "Can't find service: " << serviceName << endl;` (a service
  // not running: a phone still starting, or one whose input method service died: `input_method_service_missing`).
  await io.writeStderr(`Can't find service: ${service}\n`);
  return 0;
};
