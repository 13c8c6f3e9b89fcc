// open_app: the app's default launch activity (SPEC 2.5).
import { retry, str } from '../fields.ts';
import { defineAction } from './define.ts';

export const openApp = defineAction({
  type: 'open_app',
  params: { fields: { applicationId: str('nonBlank'), retry }, required: ['applicationId'] },
  retry: 'AppLaunch',
  nature: 'act',
  changesScreen: true,
  example: { applicationId: 'com.android.settings' },
  cli: [
    {
      verb: 'open',
      description: 'open an app by package, or a URI (anything with a scheme) with its handler',
      examples: ['svc open com.android.settings', 'svc open https://example.com'],
      inputs: [{ kind: 'argument', name: 'package-or-uri', param: 'applicationId', missingPath: 'actions[0].params' }],
    },
    {
      verb: 'open-app',
      group: 'action',
      description: 'open an app',
      examples: ['svc action open-app --app com.android.settings'],
      inputs: [
        { kind: 'flag', flag: '--app <package>', param: 'applicationId', help: 'application id', required: true },
      ],
    },
  ],
  mcp: {
    name: 'open',
    description: 'Open an app by id, or a URI (https:, tel:, ...) with its handler.',
    arguments: { target: { param: 'applicationId' } },
    required: ['target'],
  },
});
