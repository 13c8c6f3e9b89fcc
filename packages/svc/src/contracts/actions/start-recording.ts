// start_recording: a screen recording session (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const startRecording = defineAction({
  type: 'start_recording',
  params: { fields: { sessionId: str('nonBlank'), retry } },
  retry: 'None',
  nature: 'act',
  changesScreen: false,
  example: { sessionId: 's1' },
});
