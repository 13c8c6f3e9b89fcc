// start_recording / stop_recording with `screenrecord` running on the device (Maestro's way): started in the
// background so it outlives the adb shell (under nohup, or with SIGHUP ignored on Android 5: processes.ts), stopped with SIGINT (`kill -2` by pid: `killall` only exists
// from API 24, `pidof` from API 23, see processes.ts) so it finishes the file. Which session runs is read from the
// device (the file name carries the session id), so a recording started by one svc process can be stopped by
// another: the name of the running one is kept in a marker file beside the recordings, so that the recordings of
// earlier sessions stay on the device until they are pulled (each session has its own file, its id encoded one-to-
// one). Every line is a simple command list (no if/for/subshell), which every device shell runs.
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { inBackground, pidsCommand, pidsIn } from '../../../../device-shell/processes.ts';
import { requireOutcome } from '../device-outcome.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';

export const RECORDING_DIR = '/data/local/tmp';
const PREFIX = 'svc-rec-';
/** Holds the file name of the recording svc started last (its session); the pids say whether it still runs. */
const CURRENT = `${RECORDING_DIR}/svc-rec.current`;
/** Longer encoded ids are named by their SHA-256 instead (file names stop at 255 bytes). */
const MAX_NAME = 120;
/** screenrecord's own maximum (180 s; longer needs --time-limit on API 34+ only). */
const TIME_LIMIT_S = 180;
const NO_SCREENRECORD = '__svc_no_screenrecord';
/** How long stop waits for screenrecord to finish its file after SIGINT, polling every STOP_POLL_MS. */
const STOP_WAIT_MS = 3000;
const STOP_POLL_MS = 200;

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
  /** The session of the recording now running (from its file name), or undefined. */
  running: string | undefined;
  /** The pids of every screenrecord running (svc's or not). */
  pids: number[];
  /** The device has a screenrecord command. */
  available: boolean;
}

const SCREENRECORD = 'screenrecord';

/** One round trip: is screenrecord running (and for which session), and does the device have it at all. */
async function recorderState(step: StepContext): Promise<RecorderState> {
  const sdk = await step.shell.sdk();
  const out = await step.shell.run(
    `command -v ${SCREENRECORD} >/dev/null || echo ${NO_SCREENRECORD}; ${pidsCommand(sdk, SCREENRECORD)}; ` +
      `cat ${CURRENT} 2>/dev/null`,
  );
  requireOutcome(out, 'screenrecord check', true);
  const lines = out.output.split('\n').map((l) => l.trim());
  const available = !lines.includes(NO_SCREENRECORD);
  const pids = pidsIn(out.output, SCREENRECORD, sdk);
  const current = lines.find((l) => l.startsWith(PREFIX) && l.endsWith('.mp4'));
  if (pids.length === 0 || current === undefined) return { running: undefined, pids, available };
  return { running: current.slice(PREFIX.length, -'.mp4'.length) || 'unknown', pids, available };
}

export const startRecording: ActionRunner<'start_recording'> = async (step) => {
  const id = step.action.params?.sessionId ?? `rec-${step.run.execution.commandId}`;
  const state = await recorderState(step);
  if (!state.available) {
    throw new StepFailure('RECORDING_UNSUPPORTED', 'this device has no screenrecord command', {
      data: { session_id: id },
    });
  }
  if (state.running !== undefined) {
    throw new StepFailure('RECORDING_ALREADY_IN_PROGRESS', `recording ${state.running} is in progress`);
  }
  const name = `${PREFIX}${sessionFileId(id)}.mp4`;
  const file = `${RECORDING_DIR}/${name}`;
  // screenrecord that cannot record (no encoder, a secure display) exits at once: still running a moment later
  // means it records.
  const sdk = await step.shell.sdk();
  const out = await step.shell.run(
    `echo ${quoteShellArg(name)} > ${CURRENT}; ` +
      `${inBackground(sdk, `${SCREENRECORD} --time-limit ${TIME_LIMIT_S} ${quoteShellArg(file)}`)} ` +
      `sleep 0.3; ${pidsCommand(sdk, SCREENRECORD)}`,
  );
  requireOutcome(out, 'start of screenrecord', false);
  if (pidsIn(out.output, SCREENRECORD, sdk).length === 0) {
    throw new StepFailure('RECORDING_UNSUPPORTED', 'screenrecord stopped at once: this device cannot record', {
      data: { session_id: id },
    });
  }
  return { session_id: id, recording: 'true', device_path: file };
};

export const stopRecording: ActionRunner<'stop_recording'> = async (step) => {
  const asked = step.action.params?.sessionId;
  const { running, pids } = await recorderState(step);
  if (running === undefined || (asked !== undefined && sessionFileId(asked) !== running)) {
    throw new StepFailure(
      'RECORDING_NOT_IN_PROGRESS',
      asked ? `no recording ${asked} in progress` : 'no recording in progress',
    );
  }
  // SIGINT makes screenrecord write the end of the file; wait (bounded) until it is gone.
  const sdk = await step.shell.sdk();
  const left = pidsCommand(sdk, SCREENRECORD);
  let out = await step.shell.run(`kill -2 ${pids.join(' ')} 2>/dev/null; ${left}`);
  requireOutcome(out, 'stop of screenrecord', true);
  for (let waited = 0; pidsIn(out.output, SCREENRECORD, sdk).length > 0 && waited < STOP_WAIT_MS; ) {
    await step.ctx.clock.sleep(STOP_POLL_MS);
    waited += STOP_POLL_MS;
    out = await step.shell.run(left);
    requireOutcome(out, 'stop of screenrecord', true);
  }
  return { session_id: asked ?? running, recording: 'false', device_path: `${RECORDING_DIR}/${PREFIX}${running}.mp4` };
};
