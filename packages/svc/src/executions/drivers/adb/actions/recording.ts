// start_recording / stop_recording with `screenrecord` running on the device (Maestro's way): started in the
// background under nohup so it outlives the adb shell, stopped with `killall -INT` so it finishes the file. Which
// session runs is read from the device (the file name carries the session id), so a recording started by one svc
// process can be stopped by another.
import { quoteShellArg } from '../../../../contracts/dispatch.ts';
import { type ActionRunner, params, StepFailure, str } from '../step.ts';

export const RECORDING_DIR = '/data/local/tmp';
const PREFIX = 'svc-rec-';
/** screenrecord's own maximum (180 s by default; longer needs --time-limit on API 34+ only). */
const TIME_LIMIT_S = 180;

function safeSessionId(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80);
}

/** The session of the recording now running (from its file name), or undefined. */
async function runningSession(step: Parameters<ActionRunner>[0]): Promise<string | undefined> {
  const out = await step.shell.run(`pidof screenrecord >/dev/null && ls ${RECORDING_DIR}/${PREFIX}*.mp4 2>/dev/null`);
  if (out.status !== 0) return undefined;
  const newest = out.output.trim().split('\n').at(-1) ?? '';
  return newest.slice(`${RECORDING_DIR}/${PREFIX}`.length, -'.mp4'.length) || 'unknown';
}

export const startRecording: ActionRunner = async (step) => {
  const id = str(params(step.action), 'sessionId') ?? `rec-${step.run.execution.commandId}`;
  const running = await runningSession(step);
  if (running !== undefined) {
    throw new StepFailure('RECORDING_ALREADY_IN_PROGRESS', `recording ${running} is in progress`);
  }
  const file = `${RECORDING_DIR}/${PREFIX}${safeSessionId(id)}.mp4`;
  const out = await step.shell.run(
    `rm -f ${RECORDING_DIR}/${PREFIX}*.mp4; command -v screenrecord >/dev/null || exit 127; ` +
      `(nohup screenrecord --time-limit ${TIME_LIMIT_S} ${quoteShellArg(file)} >/dev/null 2>&1 &)`,
  );
  if (out.status === 127) {
    throw new StepFailure('RECORDING_UNSUPPORTED', 'this device has no screenrecord command', {
      data: { session_id: id },
    });
  }
  return { session_id: id, recording: 'true', device_path: file };
};

export const stopRecording: ActionRunner = async (step) => {
  const asked = str(params(step.action), 'sessionId');
  const running = await runningSession(step);
  if (running === undefined || (asked !== undefined && safeSessionId(asked) !== running)) {
    throw new StepFailure(
      'RECORDING_NOT_IN_PROGRESS',
      asked ? `no recording ${asked} in progress` : 'no recording in progress',
    );
  }
  // SIGINT makes screenrecord write the end of the file; wait (bounded) until it is gone.
  await step.shell.run(
    'killall -INT screenrecord 2>/dev/null; for i in 1 2 3 4 5 6 7 8 9 10; do pidof screenrecord >/dev/null || break; sleep 0.2; done',
  );
  return { session_id: asked ?? running, recording: 'false', device_path: `${RECORDING_DIR}/${PREFIX}${running}.mp4` };
};
