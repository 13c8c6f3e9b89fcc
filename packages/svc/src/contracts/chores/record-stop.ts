// record-stop: stop the running screen recording and finish its file.
import { defineChore } from './define.ts';

const DESCRIPTION =
  'Stop the running screen recording and finish its file. Returns recordingId for record-pull. ' +
  'One that ended by itself (its time limit) is stopped with ended. ' +
  'RECORDING_NOT_IN_PROGRESS when none runs; RECORDING_STOP_FAILED when screenrecord outlives the stop (its ' +
  'file is unfinished); RECORDING_FAILED when screenrecord said it failed while recording.';

export const recordStop = defineChore({
  name: 'record-stop',
  title: 'Stop the screen recording',
  brief: 'Stop the screen recording; returns its recordingId.',
  description: DESCRIPTION,
  params: { fields: {} },
  nature: 'act',
  locksDevice: false,
  cli: {
    verb: 'stop',
    group: 'record',
    description: 'stop the screen recording',
    examples: ['svc record stop'],
    inputs: [],
  },
  example: {},
});
