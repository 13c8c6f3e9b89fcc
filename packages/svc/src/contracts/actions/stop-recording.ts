// stop_recording: ends the session start_recording began (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const stopRecording = defineAction({
  type: 'stop_recording',
  params: { fields: { sessionId: str('nonBlank'), retry } },
  retry: 'None',
  nature: 'act',
  changesScreen: false,
  example: { sessionId: 's1' },
});
