// `getprop [key [default]]`: one value (empty line when unset), or every property as `[key]: [value]`, sorted.
import type { ShellCommand } from '../../device/types.ts';

export const getprop: ShellCommand = async (argv, io, device) => {
  const [key, fallback] = argv;
  if (key === undefined) {
    const lines = [...device.props.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `[${k}]: [${v}]\n`);
    await io.writeStdout(lines.join(''));
    return 0;
  }
  await io.writeStdout(`${device.props.get(key) ?? fallback ?? ''}\n`);
  return 0;
};

/** `setprop key value` (the shell user may set debug./persist. style properties; ro.* are read-only). */
export const setprop: ShellCommand = async (argv, io, device) => {
  const [key, value] = argv;
  if (key === undefined || value === undefined || argv.length !== 2) {
    await io.writeStderr('setprop: Need 2 arguments\n');
    return 1;
  }
  if (key.startsWith('ro.') && device.props.has(key)) {
    await io.writeStderr(`Failed to set property '${key}' to '${value}'.\nSee dmesg for error reason.\n`);
    return 1;
  }
  device.props.set(key, value);
  return 0;
};
