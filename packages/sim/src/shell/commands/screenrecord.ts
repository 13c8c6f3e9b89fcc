// `screenrecord [options] <file>` (AOSP frameworks/av/cmds/screenrecord): records until SIGINT/SIGTERM or the
// time limit (180 s by default and at most), then finishes the MP4 file. Killed harder (SIGKILL, or SIGHUP when
// the adb shell that started it closes and it was not started with nohup), the file stays unfinished.
// Faults, as real phones fail:
// - `screenrecord_codec_error`: the encoder cannot be configured at the display's size nor at the 1280x720 retry; it
//   prints the three lines of openatx/adbutils#103 and exits, leaving the 0 KB file it created first (AOSP
//   screenrecord.cpp opens the output file before it prepares the encoder);
// - `screenrecord_encoder_fails` (value: milliseconds after the start, `true` = at once): the encoder fails while
//   recording, `Encoder failed (err=-38)` (Genymobile/scrcpy#349, waydroid/waydroid#553), and it exits with the
//   file unfinished;
// - `screenrecord_ignores_sigint`: it does not end on SIGINT/SIGTERM (no published capture: it stands for any
//   recorder stuck in a call that does not return, so that a stop can be seen to outlive its wait); SIGKILL ends it.
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
  if (device.faults.get('screenrecord_codec_error') !== undefined) {
    write(device, file, new Uint8Array());
    await io.writeStderr(
      'ERROR: unable to configure video/avc codec at 1920x1080 (err=-22)\n' +
        'WARNING: failed at 1920x1080, retrying at 1280x720\n' +
        'ERROR: unable to configure video/avc codec at 1280x720 (err=-22)\n',
    );
    return 1;
  }
  write(device, file, MP4_HEAD);
  let stopped: ((signal: SignalName | 'LIMIT' | 'ENCODER') => void) | undefined;
  const limit = new AbortController();
  const ended = new Promise<SignalName | 'LIMIT' | 'ENCODER'>((resolve) => {
    stopped = resolve;
  });
  const process = device.processes.start('screenrecord', (signal) => {
    const deaf = device.faults.get('screenrecord_ignores_sigint') !== undefined;
    if (!(deaf && (signal === 'INT' || signal === 'TERM'))) stopped?.(signal);
  });
  const encoderFails = device.faults.get('screenrecord_encoder_fails');
  if (encoderFails !== undefined && encoderFails !== false) {
    void sleep(typeof encoderFails === 'number' ? encoderFails : 0, undefined, { signal: limit.signal }).then(
      () => stopped?.('ENCODER'),
      () => {},
    );
  }
  const onHangUp = () => stopped?.('HUP');
  io.signal.addEventListener('abort', onHangUp, { once: true });
  void sleep(limitS * 1000, undefined, { signal: limit.signal }).then(
    () => stopped?.('LIMIT'),
    () => {},
  );
  const how = await ended;
  limit.abort();
  io.signal.removeEventListener('abort', onHangUp);
  process.exit();
  if (how === 'ENCODER') {
    await io.writeStderr('Encoder failed (err=-38)\n').catch(() => {});
    return 1;
  }
  const finished = how === 'INT' || how === 'TERM' || how === 'LIMIT';
  if (finished) write(device, file, new Uint8Array([...MP4_HEAD, ...MP4_TAIL]));
  return finished ? 0 : 128 + (how === 'KILL' ? 9 : 1);
};
