// record-start: start a screen recording to an MP4 on the device, stopped by record-stop or its time limit.
import { int } from '../fields.ts';
import { defineChore } from './define.ts';

/** screenrecord's own limit (AOSP frameworks/av/cmds/screenrecord: --time-limit at most 180 s). */
export const RECORD_MAX_SECONDS = 180;

const DESCRIPTION =
  `Start recording the screen to an MP4 on the device (at most timeLimitS seconds, default and maximum ${RECORD_MAX_SECONDS}). ` +
  'Returns recordingId; then record-stop, then record-pull to get the file. RECORDING_IN_PROGRESS when one runs, ' +
  "RECORDING_UNSUPPORTED on a device without screenrecord; RECORDING_FAILED (with the device's words) when " +
  'screenrecord does not start recording.';

export const recordStart = defineChore({
  name: 'record-start',
  title: 'Start a screen recording',
  brief: `Start a screen recording (timeLimitS, max ${RECORD_MAX_SECONDS}); then record-stop, record-pull.`,
  description: DESCRIPTION,
  params: { fields: { timeLimitS: int({ min: 1, max: RECORD_MAX_SECONDS }) } },
  nature: 'act',
  locksDevice: false,
  cli: {
    verb: 'start',
    group: 'record',
    description: 'start a screen recording',
    examples: ['svc record start --time-limit-s 30'],
    inputs: [
      {
        kind: 'flag',
        flag: '--time-limit-s <n>',
        param: 'timeLimitS',
        integer: true,
        help: `Stop by itself after this long (default ${RECORD_MAX_SECONDS})`,
      },
    ],
  },
  example: { timeLimitS: 30 },
});
