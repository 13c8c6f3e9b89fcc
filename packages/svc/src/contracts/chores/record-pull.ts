// record-pull: copy a finished screen recording to this computer (and delete it on the device unless kept).
import { bool, matching, str } from '../fields.ts';
import { defineChore } from './define.ts';

const DESCRIPTION =
  'Copy a finished recording (recordingId, default the newest) to this computer: out is the file path (default ' +
  '<recordingId>.mp4 in the working directory; over HTTP and MCP an .mp4 name inside the screenshots folder, ' +
  'PATH_FORBIDDEN elsewhere). The device copy is deleted unless keepOnDevice. ' +
  'RECORDING_NOT_FOUND for an unknown id; RECORDING_IN_PROGRESS while it is still recording.';

export const recordPull = defineChore({
  name: 'record-pull',
  title: 'Copy a screen recording to this computer',
  brief: 'Copy a recording (default: newest) to the screenshots folder; deleted on the phone unless keepOnDevice.',
  description: DESCRIPTION,
  params: {
    fields: {
      // An id record-start made (its start time): never a path.
      recordingId: matching(/^[0-9T-]+$/, 'a recordingId from record-start'),
      // Blanks around the path are the caller's: the runner trims them.
      out: str('nonBlank'),
      keepOnDevice: bool,
    },
  },
  nature: 'act',
  locksDevice: false,
  cli: {
    verb: 'pull',
    group: 'record',
    description: 'copy a screen recording to this computer',
    examples: ['svc record pull --out demo.mp4'],
    inputs: [
      {
        kind: 'argument',
        name: 'recordingId',
        param: 'recordingId',
        optional: true,
        help: 'The recordingId record start gave (default: the newest recording)',
      },
      { kind: 'flag', flag: '--out <out>', param: 'out', help: 'Where to write the MP4 on this computer' },
      {
        kind: 'switch',
        flag: '--keep-on-device',
        param: 'keepOnDevice',
        value: true,
        help: 'Keep the device copy (default: delete it after the copy)',
      },
    ],
  },
  example: { recordingId: '20260501T100000-123', out: 'demo.mp4', keepOnDevice: true },
});
