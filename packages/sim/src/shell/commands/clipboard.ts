// `cmd clipboard ...`. Stock Android has no shell command for the clipboard service: Binder's default
// onShellCommand prints "No shell command implementation." and ends with result 0 (AOSP core/java/android/os/
// Binder.java; seen on API 36 images: callstack/agent-device#1645). Some builds implement `get-primary-clip`,
// `set-primary-clip <text>` and `clear-primary-clip` (used by tools such as agent-device and kaeawc/auto-mobile);
// the simulator plays such a build when the property `svc.sim.clipboard_shell` is 1.
import type { DeviceApi, ShellCommand } from '../../device/types.ts';

const clips = new WeakMap<DeviceApi, string>();

export const clipboard: ShellCommand = async (argv, io, device) => {
  if (device.props.get('svc.sim.clipboard_shell') !== '1') {
    await io.writeStderr('No shell command implementation.\n');
    return 0;
  }
  const [verb, ...rest] = argv;
  switch (verb) {
    case 'get-primary-clip': {
      const clip = clips.get(device);
      await io.writeStdout(clip === undefined ? 'null\n' : `${clip}\n`);
      return 0;
    }
    case 'set-primary-clip':
      clips.set(device, rest.join(' '));
      return 0;
    case 'clear-primary-clip':
      clips.delete(device);
      return 0;
  }
  await io.writeStderr(`Unknown command: ${verb ?? ''}\n`);
  return 255;
};
