// Starting and stopping `screenrecord` in the background, for the toolbox's record commands and the adb driver's
// start_recording / stop_recording alike. A background launch always "succeeds" (and below API 24 adb carries no
// exit status at all), so what screenrecord says is kept: its output goes to a log file beside the recording, read
// a second after the launch (waited on the host: Android 5's toolbox `sleep` takes whole seconds only) and when the
// recording ends. Real phones fail in words: `ERROR: unable to configure video/avc codec at 1920x1080 (err=-22)`,
// a retry at 1280x720 that fails the same way and a 0 KB file (openatx/adbutils#103); `Encoder failed (err=-38)`
// once it has started (Genymobile/scrcpy#349, waydroid/waydroid#553). Every line is a simple command list.
import type { Clock } from '../adapters/clock.ts';
import { quoteShellArg } from '../contracts/dispatch.ts';
import type { DeviceShell } from './device-shell.ts';
import { inBackground, pidsCommand, pidsIn } from './processes.ts';

export const SCREENRECORD = 'screenrecord';
/** How long after the launch svc looks whether screenrecord still runs and what it said. */
export const START_CHECK_MS = 1000;
/** How long a stop waits for screenrecord to finish its file after SIGINT, asking every STOP_POLL_MS. */
export const STOP_WAIT_MS = 3000;
const STOP_POLL_MS = 200;
const NO_SCREENRECORD = '__svc_no_screenrecord';
const LOG_MARK = '__svc_log';
const SIZE_MARK = '__svc_size';

/** Where screenrecord's own words about the recording `file` go (removed when the recording has ended). */
export const logOf = (file: string) => `${file}.log`;

/** A recording that failed, with the code to report and the device's words. */
export class RecorderFailure extends Error {
  readonly code: 'RECORDING_UNSUPPORTED' | 'RECORDING_FAILED' | 'RECORDING_STOP_FAILED';
  constructor(code: RecorderFailure['code'], message: string) {
    super(message);
    this.code = code;
  }
}

/** What screenrecord printed that says it failed (ERROR lines, `... failed ...`, `not found`), or undefined. */
export function failureWords(log: string): string | undefined {
  const lines = log
    .replaceAll('\r\n', '\n')
    .split('\n')
    .map((l) => l.trim());
  // A WARNING that it is retrying is not a failure by itself: the retry may work.
  const failed = lines.filter((l) => /^ERROR\b|\bfailed\b|: not found$|No such file/i.test(l) && !/^WARNING\b/.test(l));
  return failed.length === 0 ? undefined : failed.join('; ');
}

/** The size of the file that `ls -l <file>` listed (toolbox's and toybox's columns alike), undefined when none. */
export function sizeIn(listing: string): number | undefined {
  const match = /\s(\d+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d\s/.exec(listing);
  return match === undefined || match === null ? undefined : Number(match[1]);
}

interface RecorderView {
  pids: number[];
  /** What screenrecord said so far. */
  log: string;
  /** The recording's size in bytes, undefined when there is no file. */
  size: number | undefined;
}

/** One round trip: the screenrecord pids, its log and the size of its file. */
export async function viewRecorder(shell: DeviceShell, file: string): Promise<RecorderView> {
  const sdk = await shell.sdk();
  const text = await shell.read(
    `${pidsCommand(sdk, SCREENRECORD)}; echo ${LOG_MARK}; cat ${quoteShellArg(logOf(file))} 2>/dev/null; ` +
      `echo ${SIZE_MARK}; ls -l ${quoteShellArg(file)} 2>/dev/null`,
  );
  const [pids = '', rest = ''] = text.split(`${LOG_MARK}\n`);
  const [log = '', listing = ''] = rest.split(`${SIZE_MARK}\n`);
  return { pids: pidsIn(pids, SCREENRECORD, sdk), log: log.trim(), size: sizeIn(listing) };
}

const said = (log: string) => (log === '' ? 'without a word' : `saying: ${log.replaceAll('\n', ' / ')}`);

/**
 * Starts screenrecord on `file` for at most `limitS` seconds (`before` runs first on the same line) and makes sure
 * it records: still running a second later, or already done with a file. Throws RecorderFailure otherwise, with
 * the file and its log removed.
 */
export async function startRecorder(
  shell: DeviceShell,
  clock: Clock,
  file: string,
  limitS: number,
  before = '',
): Promise<void> {
  const sdk = await shell.sdk();
  const launch = inBackground(
    sdk,
    `${SCREENRECORD} --time-limit ${limitS} ${quoteShellArg(file)}`,
    quoteShellArg(logOf(file)),
  );
  const out = await shell.read(`${before}command -v ${SCREENRECORD} >/dev/null || echo ${NO_SCREENRECORD}; ${launch}`);
  const removeAll = `rm -f ${quoteShellArg(file)} ${quoteShellArg(logOf(file))}`;
  if (out.includes(NO_SCREENRECORD)) {
    await shell.read(removeAll);
    throw new RecorderFailure('RECORDING_UNSUPPORTED', 'this device has no screenrecord command');
  }
  await clock.sleep(START_CHECK_MS);
  const view = await viewRecorder(shell, file);
  if (view.pids.length > 0) return;
  const words = failureWords(view.log);
  if (words === undefined && (view.size ?? 0) > 0) return; // it already ended by itself, its file written
  await shell.read(removeAll);
  if (words !== undefined && /: not found$/m.test(view.log)) {
    throw new RecorderFailure('RECORDING_UNSUPPORTED', `this device has no screenrecord command (${words})`);
  }
  throw new RecorderFailure('RECORDING_FAILED', `screenrecord stopped at once ${said(view.log)}`);
}

/**
 * Stops the screenrecord processes `pids` with SIGINT (it finishes its file) and waits until they are gone; then
 * reads what it said about `file` and removes its log. Throws RecorderFailure when it outlives the wait (the file
 * is not finished) or said it failed.
 */
export async function stopRecorder(shell: DeviceShell, clock: Clock, pids: number[], file: string): Promise<void> {
  const sdk = await shell.sdk();
  await shell.read(`kill -2 ${pids.join(' ')} 2>/dev/null`);
  let left = pids;
  for (const deadline = clock.monotonic() + STOP_WAIT_MS; left.length > 0 && clock.monotonic() < deadline; ) {
    await clock.sleep(STOP_POLL_MS);
    left = pidsIn(await shell.read(pidsCommand(sdk, SCREENRECORD)), SCREENRECORD, sdk);
  }
  if (left.length > 0) {
    throw new RecorderFailure(
      'RECORDING_STOP_FAILED',
      `screenrecord (pid ${left.join(' ')}) still runs ${STOP_WAIT_MS / 1000} s after it was told to stop; its file is not finished`,
    );
  }
  await endedRecorder(shell, file);
}

/**
 * What became of a recording whose screenrecord is gone: its log is read and removed. Throws RecorderFailure when
 * screenrecord said it failed; returns the file's size (0 when there is none).
 */
export async function endedRecorder(shell: DeviceShell, file: string): Promise<number> {
  const view = await viewRecorder(shell, file);
  await shell.read(`rm -f ${quoteShellArg(logOf(file))}`);
  const words = failureWords(view.log);
  if (words !== undefined) throw new RecorderFailure('RECORDING_FAILED', `screenrecord failed: ${words}`);
  return view.size ?? 0;
}
