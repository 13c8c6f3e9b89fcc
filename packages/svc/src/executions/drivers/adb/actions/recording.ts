// start_recording / stop_recording with `screenrecord` running on the device (Maestro's way): started in the
// background so it outlives the adb shell (under nohup, or with SIGHUP ignored on Android 5: processes.ts), stopped with SIGINT (`kill -2` by pid: `killall` only exists
// from API 24, `pidof` from API 23, see processes.ts) so it finishes the file. Which session runs is read from the
// device (the file name carries the session id), so a recording started by one svc process can be stopped by
// another. Every line is a simple command list (no if/for/subshell), which every device shell runs.
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { inBackground, pidsCommand, pidsIn } from '../processes.ts';
import { type ActionRunner, type StepContext, StepFailure } from '../step.ts';

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
      `ls ${RECORDING_DIR}/${PREFIX}*.mp4 2>/dev/null`,
  );
  const lines = out.output.split('\n').map((l) => l.trim());
  const available = !lines.includes(NO_SCREENRECORD);
  const pids = pidsIn(out.output, SCREENRECORD, sdk);
  const newest = lines.filter((l) => l.startsWith(`${RECORDING_DIR}/${PREFIX}`) && l.endsWith('.mp4')).at(-1);
  if (pids.length === 0 || newest === undefined) return { running: undefined, pids, available };
  const running = newest.slice(`${RECORDING_DIR}/${PREFIX}`.length, -'.mp4'.length) || 'unknown';
  return { running, pids, available };
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
  const file = `${RECORDING_DIR}/${PREFIX}${safeSessionId(id)}.mp4`;
  // screenrecord that cannot record (no encoder, a secure display) exits at once: still running a moment later
  // means it records.
  const sdk = await step.shell.sdk();
  const out = await step.shell.run(
    `rm -f ${RECORDING_DIR}/${PREFIX}*.mp4; ` +
      `${inBackground(sdk, `${SCREENRECORD} --time-limit ${TIME_LIMIT_S} ${quoteShellArg(file)}`)} ` +
      `sleep 0.3; ${pidsCommand(sdk, SCREENRECORD)}`,
  );
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
  if (running === undefined || (asked !== undefined && safeSessionId(asked) !== running)) {
    throw new StepFailure(
      'RECORDING_NOT_IN_PROGRESS',
      asked ? `no recording ${asked} in progress` : 'no recording in progress',
    );
  }
  // SIGINT makes screenrecord write the end of the file; wait (bounded) until it is gone.
  const sdk = await step.shell.sdk();
  const left = pidsCommand(sdk, SCREENRECORD);
  let out = await step.shell.run(`kill -2 ${pids.join(' ')} 2>/dev/null; ${left}`);
  for (let waited = 0; pidsIn(out.output, SCREENRECORD, sdk).length > 0 && waited < STOP_WAIT_MS; ) {
    await step.ctx.clock.sleep(STOP_POLL_MS);
    waited += STOP_POLL_MS;
    out = await step.shell.run(left);
  }
  return { session_id: asked ?? running, recording: 'false', device_path: `${RECORDING_DIR}/${PREFIX}${running}.mp4` };
};
