// `wm size` / `wm density`: the physical display (overrides set with `wm size WxH` / `wm density N` are reported as
// `Override ...` lines, as Android does, and `reset` drops them).
import type { DeviceApi, ShellCommand } from '../../device/types.ts';

const overrides = new WeakMap<DeviceApi, { size?: string; density?: string }>();

function display(device: DeviceApi) {
  return device.ui?.display ?? { width: 1080, height: 2400, density: 420 };
}

export const wm: ShellCommand = async (argv, io, device) => {
  const [verb, value] = argv;
  const override = overrides.get(device) ?? {};
  overrides.set(device, override);
  const d = display(device);
  if (verb === 'size') {
    if (value === 'reset') delete override.size;
    else if (value !== undefined) {
      if (!/^\d+x\d+$/.test(value)) {
        await io.writeStderr(`Error: bad size ${value}\n`);
        return 255;
      }
      override.size = value;
    } else {
      await io.writeStdout(`Physical size: ${d.width}x${d.height}\n`);
      if (override.size) await io.writeStdout(`Override size: ${override.size}\n`);
    }
    return 0;
  }
  if (verb === 'density') {
    if (value === 'reset') delete override.density;
    else if (value !== undefined) {
      if (!/^\d+$/.test(value)) {
        await io.writeStderr(`Error: bad number ${value}\n`);
        return 255;
      }
      override.density = value;
    } else {
      await io.writeStdout(`Physical density: ${d.density}\n`);
      if (override.density) await io.writeStdout(`Override density: ${override.density}\n`);
    }
    return 0;
  }
  await io.writeStderr(`Error: unknown command '${verb ?? ''}'\n`);
  return 255;
};
