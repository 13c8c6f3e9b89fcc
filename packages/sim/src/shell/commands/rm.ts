// `rm [-f] [-r] path...` (toybox messages).
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import { madeDirectories } from '../../device/made-directories.ts';
import type { ShellCommand } from '../../device/types.ts';

export const rm: ShellCommand = async (argv, io, device) => {
  const flags = argv.filter((a) => /^-[a-zA-Z]+$/.test(a)).join('');
  const force = flags.includes('f');
  const recursive = /[rR]/.test(flags);
  const paths = argv.filter((a) => !/^-[a-zA-Z]+$/.test(a));
  if (paths.length === 0 && !force) {
    await io.writeStderr('rm: Needs 1 argument\n');
    return 1;
  }
  let status = 0;
  for (const path of paths) {
    const key = normalizePath(path);
    if (device.files.delete(key)) continue;
    if (isDirectory(device, key)) {
      if (!recursive) {
        await io.writeStderr(`rm: ${path}: Is a directory\n`);
        status = 1;
        continue;
      }
      for (const file of [...device.files.keys()]) if (file.startsWith(`${key}/`)) device.files.delete(file);
      const dirs = madeDirectories(device);
      for (const dir of [...dirs]) if (dir === key || dir.startsWith(`${key}/`)) dirs.delete(dir);
      continue;
    }
    if (!force) {
      await io.writeStderr(`rm: ${path}: No such file or directory\n`);
      status = 1;
    }
  }
  return status;
};
