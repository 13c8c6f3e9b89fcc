// start_recording / stop_recording with `screenrecord` running on the device (Maestro's way): started in the
// background under nohup so it outlives the adb shell, stopped with `killall -INT` so it finishes the file. Which
// session runs is read from the device (the file name carries the session id), so a recording started by one svc
// process can be stopped by another. Every line is a simple command list (no if/for/subshell), which every device
// shell runs.
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { type ActionRunner, params, type StepContext, StepFailure, str } from '../step.ts';

export const RECORDING_DIR = '/data/local/tmp';
const PREFIX = 'svc-rec-';
/** screenrecord's own maximum (180 s; longer needs --time-limit on API 34+ only). */
const TIME_LIMIT_S = 180;
const NO_SCREENRECORD = '__svc_no_screenrecord';
/** How long stop waits for screenrecord to finish its file after SIGINT, polling every STOP_POLL_MS. */
const STOP_WAIT_MS = 3000;
const STOP_POLL_MS = 200;

function safeSessionId(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
}

interface RecorderState {
  /** The session of the recording now running (from its file name), or undefined. */
  running: string | undefined;
  /** The device has a screenrecord command. */
  available: boolean;
}

/** One round trip: is screenrecord running (and for which session), and does the device have it at all. */
async function recorderState(step: StepContext): Promise<RecorderState> {
  const out = await step.shell.run(
    `command -v screenrecord >/dev/null || echo ${NO_SCREENRECORD}; ` +
      `pidof screenrecord >/dev/null && ls ${RECORDING_DIR}/${PREFIX}*.mp4 2>/dev/null`,
  );
  const lines = out.output.split('\n').map((l) => l.trim());
  const available = !lines.includes(NO_SCREENRECORD);
  const newest = lines.filter((l) => l.startsWith(`${RECORDING_DIR}/${PREFIX}`) && l.endsWith('.mp4')).at(-1);
  if (out.status !== 0 || newest === undefined) return { running: undefined, available };
  return { running: newest.slice(`${RECORDING_DIR}/${PREFIX}`.length, -'.mp4'.length) || 'unknown', available };
}

export const startRecording: ActionRunner = async (step) => {
  const id = str(params(step.action), 'sessionId') ?? `rec-${step.run.execution.commandId}`;
  const state = await recorderState(step);
  if (!state.available) {
    throw new StepFailure('RECORDING_UNSUPPORTED', 'this device has no screenrecord command', {
      data: { session_id: id },
    });
  }
  if (state.running !== undefined) {
    throw new StepFailure('RECORDING_ALREADY_IN_PROGRESS', `recording ${state.running} is in progress`);
  }
  const file = `${RECORDING_DIR}/${PREFIX}${safeSessionId(id)}.mp4`;
  // screenrecord that cannot record (no encoder, a secure display) exits at once: still running a moment later
  // means it records.
  const out = await step.shell.run(
    `rm -f ${RECORDING_DIR}/${PREFIX}*.mp4; ` +
      `nohup screenrecord --time-limit ${TIME_LIMIT_S} ${quoteShellArg(file)} >/dev/null 2>&1 & ` +
      'sleep 0.3; pidof screenrecord >/dev/null',
  );
  if (out.status !== 0) {
    throw new StepFailure('RECORDING_UNSUPPORTED', 'screenrecord stopped at once: this device cannot record', {
      data: { session_id: id },
    });
  }
  return { session_id: id, recording: 'true', device_path: file };
};

export const stopRecording: ActionRunner = async (step) => {
  const asked = str(params(step.action), 'sessionId');
  const { running } = await recorderState(step);
  if (running === undefined || (asked !== undefined && safeSessionId(asked) !== running)) {
    throw new StepFailure(
      'RECORDING_NOT_IN_PROGRESS',
      asked ? `no recording ${asked} in progress` : 'no recording in progress',
    );
  }
  // SIGINT makes screenrecord write the end of the file; wait (bounded) until it is gone.
  let gone = (await step.shell.run('killall -INT screenrecord 2>/dev/null; pidof screenrecord >/dev/null')).status;
  for (let waited = 0; gone === 0 && waited < STOP_WAIT_MS; waited += STOP_POLL_MS) {
    await step.ctx.clock.sleep(STOP_POLL_MS);
    gone = (await step.shell.run('pidof screenrecord >/dev/null')).status;
  }
  return { session_id: asked ?? running, recording: 'false', device_path: `${RECORDING_DIR}/${PREFIX}${running}.mp4` };
};
