// Screen recording as its own commands: start `screenrecord` on the device in the background (under nohup, so it
// outlives the adb shell that started it: Maestro's way), stop it with SIGINT so it writes the end of the MP4
// (AOSP frameworks/av/cmds/screenrecord stops cleanly on SIGINT/SIGTERM), and pull the file to this computer over
// adb's sync service. One recording at a time per device (screenrecord holds the display's encoder). Processes are
// found and signalled as the adb driver does on every API level (`pidof` from API 23, `ps` below; `kill -2` by pid,
// since `killall` only came with API 24), and the wait for the file to be finished runs on the host (no shell loop).
// Start and stop share the adb driver's routine (device-shell/screen-recorder.ts): a recording that did not start,
// or that outlives its stop, is a failure with screenrecord's own words.
import { resolve } from 'node:path';
import type { recordPull } from '../../contracts/chores/record-pull.ts';
import { RECORD_MAX_SECONDS, type recordStart } from '../../contracts/chores/record-start.ts';
import type { recordStop } from '../../contracts/chores/record-stop.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { pidsCommand, pidsIn } from '../../device-shell/processes.ts';
import {
  endedRecorder,
  logOf,
  RecorderFailure,
  SCREENRECORD,
  startRecorder,
  stopRecorder,
} from '../../device-shell/screen-recorder.ts';
import { confinedRecordingPath } from '../../executions/screenshot-paths.ts';
import type { ChoreRunner } from '../chore.ts';

const DIR = '/data/local/tmp';
const PREFIX = 'svc-record-';

const devicePath = (id: string) => `${DIR}/${PREFIX}${id}.mp4`;

/** The pids of every screenrecord running on the device (svc's or not). */
async function recorderPids(ctx: SvcContext, serial: string): Promise<number[]> {
  const shell = new DeviceShell(ctx, serial);
  const sdk = await shell.sdk();
  return pidsIn(await shell.read(pidsCommand(sdk, SCREENRECORD)), SCREENRECORD, sdk);
}

/** A failed start or stop as the toolbox reports it: the code, with the device's words. */
function asSvcError(error: unknown, serial: string): unknown {
  if (!(error instanceof RecorderFailure)) return error;
  return new SvcError(error.code, `${serial}: ${error.message}.`, { deviceId: serial });
}

async function isRecording(ctx: SvcContext, serial: string): Promise<boolean> {
  return (await recorderPids(ctx, serial)).length > 0;
}

/** The names in the recordings folder (listed and filtered here: no shell glob, whose expansion differs). */
async function recordingFolder(ctx: SvcContext, serial: string): Promise<string[]> {
  const out = await ctx.adb.shell(serial, `ls ${DIR}`);
  return out.stdout.split('\n').map((line) => line.trim().split('/').at(-1) ?? '');
}

/** Recording ids on the device, oldest first (ids are start times, so names sort by age). */
async function recordingsOn(ctx: SvcContext, serial: string): Promise<string[]> {
  return idsIn(await recordingFolder(ctx, serial));
}

const idsIn = (names: string[]) =>
  names
    .filter((name) => name.startsWith(PREFIX) && name.endsWith('.mp4'))
    .map((name) => name.slice(PREFIX.length, -'.mp4'.length))
    .sort();

/**
 * Before a new recording: the logs of earlier ones are removed. None of them runs (one recording at a time), so each
 * is over, and a log left behind must not later pass for the new one's "never stopped".
 */
async function forgetEndedRecordings(ctx: SvcContext, serial: string): Promise<void> {
  const logs = (await recordingFolder(ctx, serial)).filter((n) => n.startsWith(PREFIX) && n.endsWith('.mp4.log'));
  if (logs.length > 0) await ctx.adb.shell(serial, `rm -f ${logs.map((n) => quoteShellArg(`${DIR}/${n}`)).join(' ')}`);
}

/**
 * The newest recording when it was never stopped: its screenrecord log is still there (a stop or a pull removes
 * it), so its screenrecord ended by itself (its time limit, or it died).
 */
async function unstoppedRecording(ctx: SvcContext, serial: string): Promise<string | undefined> {
  const names = await recordingFolder(ctx, serial);
  const newest = idsIn(names).at(-1);
  return newest !== undefined && names.includes(logOf(`${PREFIX}${newest}.mp4`)) ? newest : undefined;
}

export const runRecordStart: ChoreRunner<typeof recordStart> = async ({ ctx, serial, params }) => {
  if (await isRecording(ctx, serial)) {
    throw new SvcError('RECORDING_IN_PROGRESS', `A screen recording is already running on ${serial}.`, {
      deviceId: serial,
    });
  }
  await forgetEndedRecordings(ctx, serial);
  const id = new Date().toISOString().replace(/[-:]/g, '').replace('.', '-').replace('Z', '');
  const limit = params.timeLimitS ?? RECORD_MAX_SECONDS;
  await startRecorder(new DeviceShell(ctx, serial), ctx.clock, devicePath(id), limit).catch((error: unknown) => {
    throw asSvcError(error, serial);
  });
  return { recordingId: id, devicePath: devicePath(id), timeLimitS: limit };
};

export const runRecordStop: ChoreRunner<typeof recordStop> = async ({ ctx, serial }) => {
  const pids = await recorderPids(ctx, serial);
  if (pids.length === 0) return endedByItself(ctx, serial);
  // The newest recording is the one running (ids are start times).
  const id = (await recordingsOn(ctx, serial)).at(-1);
  const file = devicePath(id ?? 'unknown');
  await stopRecorder(new DeviceShell(ctx, serial), ctx.clock, pids, file).catch((error: unknown) => {
    throw asSvcError(error, serial);
  });
  return { stopped: true, ...(id === undefined ? {} : { recordingId: id, devicePath: devicePath(id) }) };
};

/**
 * A stop when no screenrecord runs: a recording that ended by itself before it (never stopped, its file written) is
 * stopped with `ended`, as the adb driver's stop_recording does; one that failed is RECORDING_FAILED with the
 * device's words; otherwise none is in progress. Either way it is then over: a second stop finds none.
 */
async function endedByItself(ctx: SvcContext, serial: string) {
  const none = () =>
    new SvcError('RECORDING_NOT_IN_PROGRESS', `No screen recording is running on ${serial}.`, { deviceId: serial });
  const id = await unstoppedRecording(ctx, serial);
  if (id === undefined) throw none();
  const size = await endedRecorder(new DeviceShell(ctx, serial), devicePath(id)).catch((error: unknown) => {
    throw asSvcError(error, serial);
  });
  if (size === 0) {
    // Nothing was written: no recording to pull either, so its empty file goes too.
    await ctx.adb.shell(serial, `rm -f ${quoteShellArg(devicePath(id))}`);
    throw new SvcError(
      'RECORDING_NOT_IN_PROGRESS',
      `No screen recording is running on ${serial}: the last one (${id}) ended by itself without writing a video, and its empty file was removed.`,
      { deviceId: serial, recordingId: id },
    );
  }
  return {
    stopped: true,
    recordingId: id,
    devicePath: devicePath(id),
    ended: 'by itself before the stop (time limit reached or screenrecord ended); the file is ready',
  };
}

export const runRecordPull: ChoreRunner<typeof recordPull> = async ({ ctx, serial, params, cwd, outputDir }) => {
  const ids = await recordingsOn(ctx, serial);
  const id = params.recordingId ?? ids.at(-1);
  if (id === undefined || !ids.includes(id)) {
    throw new SvcError('RECORDING_NOT_FOUND', `No recording ${id ?? ''} on ${serial}.`.replace('  ', ' '), {
      path: 'recordingId',
      recordings: ids,
    });
  }
  if (id === ids.at(-1) && (await isRecording(ctx, serial))) {
    throw new SvcError('RECORDING_IN_PROGRESS', `Recording ${id} is still running; stop it with record-stop first.`, {
      deviceId: serial,
    });
  }
  // A server writes only inside its screenshots folder (a caller's path is checked before the copy); blanks around
  // the path are the caller's, not the file's.
  const out = params.out?.trim() ?? `${id}.mp4`;
  const path = outputDir === undefined ? resolve(cwd, out) : confinedRecordingPath(out, outputDir, 'out');
  // Another client may have pulled (and deleted) it since the listing.
  const data = await ctx.adb.pull(serial, devicePath(id)).catch((error: unknown) => {
    if (!(error instanceof SvcError && error.code === 'DEVICE_FILE_NOT_FOUND')) throw error;
    throw new SvcError('RECORDING_NOT_FOUND', `Recording ${id} is no longer on ${serial}.`, { path: 'recordingId' });
  });
  await ctx.files.writeFile(path, data);
  // The log is svc's own note that the recording was never stopped: a pulled recording is done with either way.
  const file = params.keepOnDevice === true ? '' : ` ${quoteShellArg(devicePath(id))}`;
  await ctx.adb.shell(serial, `rm -f${file} ${quoteShellArg(logOf(devicePath(id)))}`);
  return { recordingId: id, path, bytes: data.length, keptOnDevice: params.keepOnDevice === true };
};
