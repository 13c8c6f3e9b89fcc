// `settings get|put|delete|list <namespace> ...` (the `settings` wrapper of `cmd settings`), Android 15 output.
import type { DeviceApi, ShellCommand } from '../../device/types.ts';
import { applyRotation, ROTATION_SETTINGS } from './rotation.ts';

const USAGE = `Settings provider (settings) commands:
  help
      Print this help text.
  get [--user <USER_ID> | current] NAMESPACE KEY
      Retrieve the current value of KEY.
  put [--user <USER_ID> | current] NAMESPACE KEY VALUE [TAG] [default]
      Change the contents of KEY to VALUE.
  delete [--user <USER_ID> | current] NAMESPACE KEY
      Delete the entry for KEY.
  list [--user <USER_ID> | current] NAMESPACE
      Print all defined keys.
      NAMESPACE is one of {system, secure, global}, case-insensitive
`;

/**
 * A phone that keeps its settings from the shell (a Xiaomi POCO M3 without "USB debugging (Security settings)":
 * whyakari/TermuxDisableProcces#1), played while the property `svc.sim.settings_write_denied` is 1.
 */
const WRITE_DENIED = `Exception occurred while executing 'put':
java.lang.SecurityException: Permission denial: writing to settings requires:android.permission.WRITE_SECURE_SETTINGS
        at com.android.providers.settings.SettingsProvider.enforceWritePermission(SettingsProvider.java:2272)
`;

function table(device: DeviceApi, namespace: string | undefined): Map<string, string> | undefined {
  const ns = namespace?.toLowerCase();
  return ns === 'global' || ns === 'secure' || ns === 'system' ? device.settings[ns] : undefined;
}

export const settings: ShellCommand = async (argv, io, device) => {
  const args = [...argv];
  const verb = args.shift();
  // `--user 0` / `--user current` are accepted and ignored (one user).
  const userAt = args.indexOf('--user');
  if (userAt >= 0) args.splice(userAt, 2);
  const [namespace, key, value] = args;
  const map = table(device, namespace);
  if (verb === 'help' || verb === undefined) {
    await io.writeStdout(USAGE);
    return verb === undefined ? 1 : 0;
  }
  if (!map) {
    await io.writeStderr(`Invalid namespace '${namespace ?? ''}'\n`);
    await io.writeStderr(USAGE);
    return 255;
  }
  switch (verb) {
    case 'get':
      if (key === undefined) break;
      await io.writeStdout(`${map.get(key) ?? 'null'}\n`);
      return 0;
    case 'put':
      if (key === undefined || value === undefined) break;
      if (device.props.get('svc.sim.settings_write_denied') === '1') {
        await io.writeStderr(WRITE_DENIED);
        return 255;
      }
      map.set(key, value);
      // As on a phone, a new font scale is a configuration change (apps and overlays re-lay out their text).
      if (map === device.settings.system && key === 'font_scale' && Number(value) > 0) {
        device.ui.changeConfiguration?.({ fontScale: Number(value) });
      }
      if (map === device.settings.system && ROTATION_SETTINGS.has(key)) applyRotation(device);
      return 0;
    case 'delete':
      if (key === undefined) break;
      await io.writeStdout(`Deleted ${map.delete(key) ? 1 : 0} rows\n`);
      return 0;
    case 'list': {
      const lines = [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${k}=${v}\n`);
      await io.writeStdout(lines.join(''));
      return 0;
    }
  }
  await io.writeStderr(`Invalid arguments for '${verb}'\n`);
  await io.writeStderr(USAGE);
  return 255;
};
