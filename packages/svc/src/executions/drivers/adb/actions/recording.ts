// start_recording / stop_recording with `screenrecord` running on the device (Maestro's way): started in the
// background so it outlives the adb shell (under nohup, or with SIGHUP ignored on Android 5: processes.ts), stopped with SIGINT (`kill -2` by pid: `killall` only exists
// from API 24, `pidof` from API 23, see processes.ts) so it finishes the file. Which session runs is read from the
// device (the file name carries the session id), so a recording started by one svc process can be stopped by
// another: the name of the running one is kept in a marker file beside the recordings, so that the recordings of
// earlier sessions stay on the device until they are pulled (each session has its own file, its id encoded one-to-
// one). Every line is a simple command list (no if/for/subshell), which every device shell runs.
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { pidsCommand, pidsIn } from '../../../../device-shell/processes.ts';
import {
  endedRecorder,
  RecorderFailure,
  SCREENRECORD,
  startRecorder,
  stopRecorder,
} from '../../../../device-shell/screen-recorder.ts';
import { requireOutcome } from '../device-input.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';
import type { AdbEntries } from './adb-table.ts';

export const RECORDING_DIR = '/data/local/tmp';
const PREFIX = 'svc-rec-';
/** Holds the file name of the recording svc started last (its session); the pids say whether it still runs. */
const CURRENT = `${RECORDING_DIR}/svc-rec.current`;
/** Longer encoded ids are named by their SHA-256 instead (file names stop at 255 bytes). */
const MAX_NAME = 120;
/** screenrecord's own maximum (180 s; longer needs --time-limit on API 34+ only). */
const TIME_LIMIT_S = 180;

/**
 * The session id as a file name, one-to-one: letters, digits, `.` and `-` stay, every other byte of its UTF-8 is
 * `_` and two hex digits (`_` itself too), so `a/b` and `a_b` never share a file. Too long for a file name: `h_`
 * and its SHA-256.
 */
export function sessionFileId(id: string): string {
  let name = '';
  for (const byte of new TextEncoder().encode(id)) {
    const char = String.fromCharCode(byte);
    name += /[A-Za-z0-9.-]/.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  if (name.length <= MAX_NAME) return name;
  return `h_${process.getBuiltinModule('node:crypto').createHash('sha256').update(id).digest('hex')}`;
}

interface RecorderState {
  /** The file name of the recording svc started last (its session), kept until a stop, or undefined. */
  current: string | undefined;
  /** The session of the recording now running (from its file name), or undefined. */
  running: string | undefined;
  /** The pids of every screenrecord running (svc's or not). */
  pids: number[];
}

/** One round trip: is screenrecord running, and which recording did svc start last. */
async function recorderState(step: StepContext): Promise<RecorderState> {
  const sdk = await step.shell.sdk();
  const out = await step.shell.run(`${pidsCommand(sdk, SCREENRECORD)}; cat ${CURRENT} 2>/dev/null`);
  requireOutcome(out, 'screenrecord check', true);
  const lines = out.output.split('\n').map((l) => l.trim());
  const pids = pidsIn(out.output, SCREENRECORD, sdk);
  const current = lines.find((l) => l.startsWith(PREFIX) && l.endsWith('.mp4'));
  const session = current?.slice(PREFIX.length, -'.mp4'.length) || 'unknown';
  return { current, running: pids.length === 0 || current === undefined ? undefined : session, pids };
}

/** A failure of screenrecord as this step's failure (its code, the device's words). */
function asStepFailure(error: unknown, data: Record<string, string> = {}): unknown {
  return error instanceof RecorderFailure ? new StepFailure(error.code, error.message, { data }) : error;
}

export const startRecording: ActionRunner<'start_recording'> = async (step) => {
  const id = step.action.params?.sessionId ?? `rec-${step.run.execution.commandId}`;
  const state = await recorderState(step);
  if (state.running !== undefined) {
    throw new StepFailure('RECORDING_ALREADY_IN_PROGRESS', `recording ${state.running} is in progress`);
  }
  const name = `${PREFIX}${sessionFileId(id)}.mp4`;
  const file = `${RECORDING_DIR}/${name}`;
  // The marker names the running recording; a start that fails removes it again.
  await startRecorder(
    step.shell,
    step.ctx.clock,
    file,
    TIME_LIMIT_S,
    `echo ${quoteShellArg(name)} > ${CURRENT}; `,
  ).catch(async (error: unknown) => {
    await step.shell.run(`rm -f ${CURRENT}`);
    throw asStepFailure(error, { session_id: id });
  });
  return { session_id: id, recording: 'true', device_path: file };
};

/**
 * Stops the running recording. One that already ended by itself (its time limit, or screenrecord died) is told
 * apart from one that never started by its file: a finished file is a success that says so (`ended`), screenrecord's
 * words of failure are RECORDING_FAILED, and no file at all is RECORDING_NOT_IN_PROGRESS.
 */
export const stopRecording: ActionRunner<'stop_recording'> = async (step) => {
  const asked = step.action.params?.sessionId;
  const { current, pids } = await recorderState(step);
  const session = current?.slice(PREFIX.length, -'.mp4'.length);
  const notRunning = () =>
    new StepFailure(
      'RECORDING_NOT_IN_PROGRESS',
      asked ? `no recording ${asked} in progress` : 'no recording in progress',
    );
  if (current === undefined || session === undefined || (asked !== undefined && sessionFileId(asked) !== session)) {
    throw notRunning();
  }
  const file = `${RECORDING_DIR}/${current}`;
  const result = { session_id: asked ?? session, recording: 'false', device_path: file };
  // Whatever comes of it, this recording is over for svc: a second stop finds none.
  const forget = () => step.shell.run(`rm -f ${CURRENT}`);
  if (pids.length === 0) {
    const size = await endedRecorder(step.shell, file).catch(async (error: unknown) => {
      await forget();
      throw asStepFailure(error, { device_path: file });
    });
    await forget();
    if (size === 0) throw notRunning();
    return {
      ...result,
      ended: 'by itself before the stop (time limit reached or screenrecord ended); the file is ready',
    };
  }
  await stopRecorder(step.shell, step.ctx.clock, pids, file).catch(async (error: unknown) => {
    if (!(error instanceof RecorderFailure && error.code === 'RECORDING_STOP_FAILED')) await forget();
    throw asStepFailure(error, { device_path: file });
  });
  await forget();
  return result;
};

export const RECORDING_ACTIONS = {
  start_recording: { run: startRecording },
  stop_recording: { run: stopRecording },
} satisfies AdbEntries;
