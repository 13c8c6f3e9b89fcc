// `am broadcast | start | force-stop | kill` with Android 15's output (ActivityManagerShellCommand).
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';
import {
  describeIntent,
  FLAG_ACTIVITY_NEW_TASK,
  FLAG_RECEIVER_FOREGROUND,
  FLAG_RECEIVER_FROM_SHELL,
  IntentArgumentError,
  type ParsedIntent,
  parseIntentArgs,
} from './intent.ts';
import { javaException } from './java-exception.ts';

const SYSTEM_SERVER_PID = 1530;

function systemLog(device: DeviceApi, tag: string, message: string): void {
  device.log.write({ pid: SYSTEM_SERVER_PID, tid: SYSTEM_SERVER_PID + 27, uid: 1000, priority: 'I', tag, message });
}

async function broadcast(intent: ParsedIntent, io: ShellIO, device: DeviceApi): Promise<number> {
  const flags = intent.flags | FLAG_RECEIVER_FROM_SHELL | (intent.receiverForeground ? FLAG_RECEIVER_FOREGROUND : 0);
  await io.writeStdout(`Broadcasting: ${describeIntent(intent, flags)}\n`);
  device.sendBroadcast({
    action: intent.action ?? '',
    targetPackage: intent.pkg ?? intent.component?.split('/')[0],
    ...(intent.component !== undefined ? { component: intent.component } : {}),
    extras: intent.extras,
    foreground: intent.receiverForeground,
  });
  // A real device answers result=0 whether or not anyone received it (the host must check presence itself).
  await io.writeStdout('Broadcast completed: result=0\n');
  return 0;
}

/** The package and activity an explicit or launcher intent names, when the device has it. */
function resolveActivity(intent: ParsedIntent, device: DeviceApi): { pkg: string; activity: string } | undefined {
  if (intent.component) {
    const [pkg = ''] = intent.component.split('/');
    const app = device.packages.get(pkg);
    const known = [app?.launcherActivity, ...(app?.activities ?? [])].filter((a): a is string => !!a);
    const full = known.map((a) => (a.includes('/.') ? a.replace('/.', `/${pkg}.`) : a));
    return full.includes(intent.component) ? { pkg, activity: intent.component } : undefined;
  }
  if (intent.pkg && (intent.action === undefined || intent.action === 'android.intent.action.MAIN')) {
    const activity = device.packages.get(intent.pkg)?.launcherActivity;
    return activity ? { pkg: intent.pkg, activity } : undefined;
  }
  return undefined;
}

async function start(intent: ParsedIntent, io: ShellIO, device: DeviceApi): Promise<number> {
  await io.writeStdout(`Starting: ${describeIntent(intent, intent.flags)}\n`);
  const launchFlags = intent.flags | FLAG_ACTIVITY_NEW_TASK;
  // With -W the errors go to stdout (ActivityManagerShellCommand.runStartActivity: mWaitOption picks the writer).
  const writeError = (text: string) => (intent.options.has('-W') ? io.writeStdout(text) : io.writeStderr(text));
  const unresolved = async () => {
    await writeError(`Error: Activity not started, unable to resolve ${describeIntent(intent, launchFlags)}\n`);
    return 1;
  };
  let pkg: string;
  let activity: string;
  if (intent.component || (intent.pkg && intent.data === undefined)) {
    const target = resolveActivity(intent, device);
    if (!target) {
      if (!intent.component) return unresolved();
      const [p, cls] = intent.component.split('/');
      await writeError(`Error type 3\nError: Activity class {${p}/${cls}} does not exist.\n`);
      return 1;
    }
    ({ pkg, activity } = target);
    if (intent.options.has('-S')) {
      // `-S` force-stops the app first (ActivityManagerShellCommand: forceStopPackage), with the same effect.
      device.ui.forceStop(pkg);
      disableAccessibilityServicesOf(device, pkg);
    }
    if (device.ui.foregroundPackage() === pkg) {
      await io.writeStdout(
        'Warning: Activity not started, intent has been delivered to currently running top-most instance.\n',
      );
      return 0;
    }
    // An installed app without a virtual screen still counts as started (the UI just shows nothing new).
    device.ui.launch(pkg);
  } else if (intent.data !== undefined) {
    const opened = device.ui.openUri(intent.data);
    if (!opened.handled && opened.handlers.length === 0) return unresolved();
    pkg = opened.handlers.length === 1 ? (opened.handlers[0] as string) : 'android';
    activity = device.packages.get(pkg)?.launcherActivity ?? `${pkg}/com.android.internal.app.ResolverActivity`;
  } else return unresolved();
  systemLog(
    device,
    'ActivityTaskManager',
    `START u0 {${describeIntent(intent, launchFlags).slice(9, -2)}} from uid 2000`,
  );
  if (intent.options.has('-W')) {
    await io.writeStdout(
      `Status: ok\nLaunchState: COLD\nActivity: ${activity.replace(`/${pkg}.`, '/.')}\nTotalTime: 412\nWaitTime: 415\nComplete\n`,
    );
  }
  return 0;
}

/**
 * A force-stopped package loses its accessibility services: the system takes them off the enabled list and persists
 * that (AOSP frameworks/base/services/accessibility/java/com/android/server/accessibility/
 * AccessibilityManagerService.java: ManagerPackageMonitor.onHandleForceStop → onPackagesForceStoppedLocked, which
 * removes every enabled component of the packages and writes ENABLED_ACCESSIBILITY_SERVICES; its test
 * AccessibilityManagerServiceTest.testPackagesForceStopped_disablesRelevantService). Only the user turns them on again.
 */
function disableAccessibilityServicesOf(device: DeviceApi, pkg: string): void {
  const key = 'enabled_accessibility_services';
  const enabled = (device.settings.secure.get(key) ?? '').split(':').filter(Boolean);
  const kept = enabled.filter((component) => component.split('/')[0] !== pkg);
  if (kept.length !== enabled.length) device.settings.secure.set(key, kept.join(':'));
}

export const am: ShellCommand = async (argv, io, device) => {
  const [verb, ...args] = argv;
  try {
    switch (verb) {
      case 'broadcast':
        return await broadcast(parseIntentArgs(args), io, device);
      case 'start':
      case 'start-activity':
        return await start(parseIntentArgs(args), io, device);
      case 'force-stop':
      case 'kill':
      case 'stop-app': {
        const pkg = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user').at(-1);
        if (pkg === undefined) throw new IntentArgumentError('Argument expected after "' + verb + '"');
        if (device.packages.has(pkg)) device.ui.forceStop(pkg);
        if (verb === 'force-stop') {
          systemLog(device, 'ActivityManager', `Force stopping ${pkg} appid=10123 user=0: from pid 4242`);
          if (device.packages.has(pkg)) disableAccessibilityServicesOf(device, pkg);
        }
        return 0;
      }
      case undefined:
        await io.writeStdout('Activity manager (activity) commands:\n  help\n      Print this help text.\n');
        return 0;
    }
    await io.writeStderr(`Unknown command: ${verb}\n`);
    return 255;
  } catch (error) {
    if (!(error instanceof IntentArgumentError)) throw error;
    await io.writeStderr(javaException(verb ?? '', 'IllegalArgumentException', error.message, 'am'));
    return 255;
  }
};
