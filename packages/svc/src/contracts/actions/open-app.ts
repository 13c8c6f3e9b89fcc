// open_app: the app's default launch activity (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const openApp = defineAction({
  type: 'open_app',
  params: { fields: { applicationId: str('nonBlank'), retry }, required: ['applicationId'] },
  retry: 'AppLaunch',
  nature: 'act',
  changesScreen: true,
});
