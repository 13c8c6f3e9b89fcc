// `screenrecord [options] <file>` (AOSP frameworks/av/cmds/screenrecord): records until SIGINT/SIGTERM or the
// time limit (180 s by default and at most), then finishes the MP4 file. Killed harder (SIGKILL, or SIGHUP when
// the adb shell that started it closes and it was not started with nohup), the file stays unfinished.
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizePath } from '../../adbd/sync/sync-files.ts';
import type { SignalName } from '../../device/process-table.ts';
import type { DeviceApi, ShellCommand } from '../../device/types.ts';

const MAX_TIME_LIMIT_S = 180;
/** An `ftyp` box: what an MP4 file starts with. */
const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0, 0, 0, 0]);
/** A `moov` box written when the recording finishes (a file without one does not play). */
const MP4_TAIL = new Uint8Array([0, 0, 0, 0x08, 0x6d, 0x6f, 0x6f, 0x76]);

function write(device: DeviceApi, path: string, data: Uint8Array): void {
  device.files.set(normalizePath(path), { data, mode: 0o100660, mtimeSec: Math.floor(device.now() / 1000) });
}

export const screenrecord: ShellCommand = async (argv, io, device) => {
  let limitS = MAX_TIME_LIMIT_S;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--time-limit') {
      limitS = Number(argv[++i]);
      if (!Number.isInteger(limitS) || limitS < 1 || limitS > MAX_TIME_LIMIT_S) {
        await io.writeStderr(`Time limit ${argv[i]}s outside acceptable range [1,${MAX_TIME_LIMIT_S}]\n`);
        return 2;
      }
    } else if (arg === '--size' || arg === '--bit-rate' || arg === '--display-id') i++;
    else if (!arg.startsWith('--')) files.push(arg);
  }
  const file = files[0];
  if (file === undefined) {
    await io.writeStderr('Must specify output file (see --help).\n');
    return 2;
  }
  write(device, file, MP4_HEAD);
  let stopped: ((signal: SignalName | 'LIMIT') => void) | undefined;
  const ended = new Promise<SignalName | 'LIMIT'>((resolve) => {
    stopped = resolve;
  });
  const process = device.processes.start('screenrecord', (signal) => stopped?.(signal));
  const onHangUp = () => stopped?.('HUP');
  io.signal.addEventListener('abort', onHangUp, { once: true });
  const limit = new AbortController();
  void sleep(limitS * 1000, undefined, { signal: limit.signal }).then(
    () => stopped?.('LIMIT'),
    () => {},
  );
  const how = await ended;
  limit.abort();
  io.signal.removeEventListener('abort', onHangUp);
  process.exit();
  const finished = how === 'INT' || how === 'TERM' || how === 'LIMIT';
  if (finished) write(device, file, new Uint8Array([...MP4_HEAD, ...MP4_TAIL]));
  return finished ? 0 : 128 + (how === 'KILL' ? 9 : 1);
};
