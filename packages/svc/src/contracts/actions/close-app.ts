// close_app: the host force-stops the app before dispatch (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const closeApp = defineAction({
  type: 'close_app',
  params: { fields: { applicationId: str('nonBlank'), retry }, required: ['applicationId'] },
  retry: 'AppClose',
  nature: 'act',
  changesScreen: true,
});
