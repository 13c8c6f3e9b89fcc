// open_app, open_uri, close_app, start_recording, stop_recording (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { LIMITS } from '../limits.ts';
import type { ParamsSpec } from './spec.ts';

const applicationId = str('nonBlank');

export const openApp: ParamsSpec = { fields: { applicationId, retry }, required: ['applicationId'] };
export const closeApp: ParamsSpec = { fields: { applicationId, retry }, required: ['applicationId'] };
export const openUri: ParamsSpec = {
  fields: { uri: str('nonBlank', LIMITS.MAX_URI_LENGTH), retry },
  required: ['uri'],
};
export const recording: ParamsSpec = { fields: { sessionId: str('nonBlank'), retry } };
