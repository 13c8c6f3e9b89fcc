// `cmd <service> ...`: package (= pm), notification listener grants, settings, activity (= am), input, window (= wm).
import type { ShellCommand } from '../../device/types.ts';
import { am } from './am.ts';
import { clipboard } from './clipboard.ts';
import { input } from './input.ts';
import { packageCommand } from './pm.ts';
import { settings } from './settings.ts';
import { statusbar } from './statusbar.ts';
import { wm } from './wm.ts';

const LISTENERS = 'enabled_notification_listeners';

const notification: ShellCommand = async (argv, io, device) => {
  const [verb, component] = argv;
  if ((verb === 'allow_listener' || verb === 'disallow_listener') && component !== undefined) {
    if (!/^[\w.]+\/[\w.$]+$/.test(component)) {
      await io.writeStderr('Invalid listener - must be a ComponentName\n');
      return 255;
    }
    const current = (device.settings.secure.get(LISTENERS) ?? '').split(':').filter(Boolean);
    const next = current.filter((c) => c !== component);
    if (verb === 'allow_listener') next.push(component);
    device.settings.secure.set(LISTENERS, next.join(':'));
    return 0;
  }
  await io.writeStderr(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};

const SERVICES: Record<string, ShellCommand> = {
  package: (argv, io, device) => packageCommand(argv, io, device),
  notification,
  clipboard,
  settings,
  activity: am,
  statusbar,
  input,
  window: wm,
};

export const cmd: ShellCommand = async (argv, io, device) => {
  const [service, ...args] = argv;
  if (service === '-l') {
    await io.writeStdout(
      `Currently running services:\n${Object.keys(SERVICES)
        .map((s) => `  ${s}\n`)
        .join('')}`,
    );
    return 0;
  }
  const run = service === undefined ? undefined : SERVICES[service];
  if (!run) {
    await io.writeStderr(`cmd: Can't find service: ${service ?? ''}\n`);
    return 20;
  }
  return run(args, io, device);
};
