// `uiautomator dump [--compressed] [file]`: the focused window's hierarchy as one line of XML into a device file
// (default /sdcard/window_dump.xml; to /dev/tty the status line is glued straight after `</hierarchy>`), then
// `UI hierchary dumped to: <file>` (Android's own typo). Every way a real dump fails is a fault
// (faults/dump-faults.ts), a dump started while another runs fails as "already registered" (one UiAutomation client
// at a time), and with the `phone` timing a dump takes as long as a phone's.
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';
import { ALREADY_REGISTERED_TRACE, type DumpFailure, takeDumpFailure } from '../../faults/dump-faults.ts';
import { syncPages } from '../../web/device-pages.ts';

const DEFAULT_FILE = '/sdcard/window_dump.xml';
/** Dumps running per device: UiAutomation takes one client at a time, a second one is "already registered". */
const running = new WeakMap<DeviceApi, number>();
const TO_STDOUT = new Set(['/dev/tty', '/dev/stdout']);

function writeFile(device: DeviceApi, file: string, text: string): void {
  const data = new TextEncoder().encode(text);
  device.files.set(normalizePath(file), { data, mode: 0o100660, mtimeSec: Math.floor(device.now() / 1000) });
}

/** Acts out a failure; returns the exit status. */
async function fail(failure: DumpFailure, file: string, io: ShellIO, device: DeviceApi): Promise<number> {
  switch (failure.kind) {
    case 'not_idle':
      await sleep(failure.afterMs, undefined, { signal: io.signal }).catch(() => {});
      await io.writeStderr('ERROR: could not get idle state.\n');
      return 0;
    case 'null_root':
      await io.writeStderr('ERROR: null root node returned by UiTestAutomationBridge.\n');
      return 0;
    case 'crash':
      if (!TO_STDOUT.has(file)) writeFile(device, file, '');
      return 1;
    case 'already_registered':
      await io.writeStderr(ALREADY_REGISTERED_TRACE);
      return 1;
    case 'killed':
      await io.writeStderr('Killed\n');
      return 137;
    case 'no_xml':
      await io.writeStdout(`UI hierchary dumped to: ${file}\n`);
      return 0;
  }
}

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
  const busy = (running.get(device) ?? 0) > 0;
  const failure = busy ? ({ kind: 'already_registered' } as const) : takeDumpFailure(device.faults);
  if (failure) return fail(failure, file, io, device);
  running.set(device, (running.get(device) ?? 0) + 1);
  try {
    if (device.timing.dumpMs > 0) await sleep(device.timing.dumpMs, undefined, { signal: io.signal }).catch(() => {});
  } finally {
    running.set(device, (running.get(device) ?? 1) - 1);
  }
  const apiLevel = Number(device.props.get('ro.build.version.sdk') ?? 35) || 35;
  await syncPages(device);
  const xml = device.ui.uiautomatorXml(apiLevel);
  if (TO_STDOUT.has(file)) await io.writeStdout(xml);
  else writeFile(device, file, xml);
  await io.writeStdout(`UI hierchary dumped to: ${file}\n`);
  return 0;
};
