// `cat [file...]`: device files, or stdin when no file (or `-`) is named.
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';
import { pagesHost } from '../../web/device-pages.ts';
import { procNetUnix } from '../../web/devtools-socket.ts';

export const cat: ShellCommand = async (argv, io, device) => {
  const files = argv.filter((a) => a === '-' || !a.startsWith('-'));
  let status = 0;
  for (const path of files.length > 0 ? files : ['-']) {
    if (path === '-') {
      for await (const chunk of io.stdin) await io.writeStdout(chunk);
      continue;
    }
    if (path === '/proc/net/unix') {
      await io.writeStdout(procNetUnix(pagesHost(device)));
      continue;
    }
    const file = device.files.get(normalizePath(path));
    if (file) await io.writeStdout(file.data);
    else {
      const reason = isDirectory(device, path) ? 'Is a directory' : 'No such file or directory';
      await io.writeStderr(`cat: ${path}: ${reason}\n`);
      status = 1;
    }
  }
  return status;
};
