// `ls [-1] [-l] [path...]`, minimal: names of the entries of a directory (files and subdirectories), sorted. `-l` on
// a file prints toybox's long line (mode, links, owner, group, size, date, time, name), whose size svc reads.
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import { madeDirectories } from '../../device/made-directories.ts';
import type { ShellCommand } from '../../device/types.ts';

function longLine(path: string, file: { data: Uint8Array; mode: number; mtimeSec: number }): string {
  const perms = ['r', 'w', 'x'];
  let mode = '-';
  for (let bit = 8; bit >= 0; bit--) mode += file.mode & (1 << bit) ? perms[(8 - bit) % 3] : '-';
  const when = new Date(file.mtimeSec * 1000).toISOString();
  return `${mode} 1 shell shell ${file.data.length} ${when.slice(0, 10)} ${when.slice(11, 16)} ${path}`;
}

export const ls: ShellCommand = async (argv, io, device) => {
  const long = argv.some((a) => /^-[a-zA-Z1]*l/.test(a));
  const paths = argv.filter((a) => !a.startsWith('-'));
  let status = 0;
  for (const path of paths.length > 0 ? paths : ['/']) {
    const key = normalizePath(path);
    const file = device.files.get(key);
    if (file !== undefined) {
      await io.writeStdout(`${long ? longLine(path, file) : path}\n`);
      continue;
    }
    if (!isDirectory(device, key)) {
      await io.writeStderr(`ls: ${path}: No such file or directory\n`);
      status = 1;
      continue;
    }
    const prefix = key === '/' ? '/' : `${key}/`;
    const names = new Set<string>();
    for (const file of [...device.files.keys(), ...madeDirectories(device)]) {
      if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0] ?? '');
    }
    const sorted = [...names].filter(Boolean).sort();
    if (sorted.length > 0) await io.writeStdout(`${sorted.join('\n')}\n`);
  }
  return status;
};
