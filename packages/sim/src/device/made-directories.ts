// Directories made by `mkdir` that hold no file yet: the file tree is otherwise a flat map of files whose parents
// are directories (adbd/sync/sync-files.ts), so an empty directory must be remembered on its own.
import type { DeviceApi } from './types.ts';

const made = new WeakMap<DeviceApi, Set<string>>();

export function madeDirectories(device: DeviceApi): Set<string> {
  let dirs = made.get(device);
  if (!dirs) {
    dirs = new Set();
    made.set(device, dirs);
  }
  return dirs;
}
