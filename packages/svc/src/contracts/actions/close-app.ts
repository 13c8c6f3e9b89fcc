// close_app: the host force-stops the app before dispatch (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const closeApp = defineAction({
  type: 'close_app',
  params: { fields: { applicationId: str('nonBlank'), retry }, required: ['applicationId'] },
  retry: 'AppClose',
  nature: 'act',
  changesScreen: true,
  example: { applicationId: 'com.android.settings' },
  cli: [
    {
      verb: 'close',
      aliases: ['close-app'],
      description: 'force-stop an app',
      examples: ['svc close com.android.settings'],
      inputs: [{ kind: 'argument', name: 'package', param: 'applicationId' }],
    },
  ],
  mcp: {
    name: 'close-app',
    id: 'close',
    description: 'Force-stop the app `target`.',
    arguments: { target: { param: 'applicationId' } },
    required: ['target'],
  },
});
