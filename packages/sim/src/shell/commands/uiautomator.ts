// `uiautomator dump [--compressed] [file]`: the UI hierarchy XML into a device file (default
// /sdcard/window_dump.xml), or to stdout for /dev/tty; the message keeps Android's own typo "hierchary".
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { ShellCommand } from '../../device/types.ts';

const DEFAULT_FILE = '/sdcard/window_dump.xml';

export const uiautomator: ShellCommand = async (argv, io, device) => {
  const [verb, ...args] = argv;
  if (verb !== 'dump') {
    await io.writeStderr(
      'Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\n' +
        'help: displays help message\n\ndump: creates an XML dump of current UI hierarchy\n',
    );
    return 1;
  }
  const file = args.filter((a) => !a.startsWith('--')).at(0) ?? DEFAULT_FILE;
  const xml = device.ui.dumpXml();
  if (file === '/dev/tty' || file === '/dev/stdout') await io.writeStdout(xml);
  else {
    const data = new TextEncoder().encode(xml);
    device.files.set(normalizePath(file), { data, mode: 0o100660, mtimeSec: Math.floor(device.now() / 1000) });
  }
  await io.writeStdout(`UI hierchary dumped to: ${file}\n`);
  return 0;
};
