// `ls [-1] [path...]`, minimal: names of the entries of a directory (files and subdirectories), sorted.
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';

export const ls: ShellCommand = async (argv, io, device) => {
  const paths = argv.filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const path of paths.length > 0 ? paths : ['/']) {
    const key = normalizePath(path);
    if (device.files.has(key)) {
      await io.writeStdout(`${path}\n`);
      continue;
    }
    if (!isDirectory(device, key)) {
      await io.writeStderr(`ls: ${path}: No such file or directory\n`);
      status = 1;
      continue;
    }
    const prefix = key === '/' ? '/' : `${key}/`;
    const names = new Set<string>();
    for (const file of device.files.keys()) {
      if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0] ?? '');
    }
    const sorted = [...names].filter(Boolean).sort();
    if (sorted.length > 0) await io.writeStdout(`${sorted.join('\n')}\n`);
  }
  return status;
};
