// open_app, open_uri, close_app: app lifecycle through the activity manager (no accessibility needed).
import type { ActionHandler } from '../context.ts';
import { reqString } from '../params.ts';
import { StepError } from '../step-error.ts';

export const MAX_URI_LENGTH = 8192;

export const openApp: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'AppLaunch',
  async run(params, ctx) {
    const applicationId = reqString(params, 'applicationId');
    if (!ctx.ui.launch(applicationId)) {
      throw new StepError('APP_NOT_FOUND', `${applicationId} has no launchable activity`, { retryable: true });
    }
    return { application_id: applicationId };
  },
};

export const openUri: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'AppLaunch',
  async run(params, ctx) {
    const uri = reqString(params, 'uri');
    if (uri.length > MAX_URI_LENGTH) throw new StepError('EXECUTION_VALIDATION_FAILED', 'uri is too long');
    const result = ctx.ui.openUri(uri);
    if (!result.handled) throw new StepError('URI_NOT_HANDLED', `no activity handles ${uri}`);
    return { uri };
  },
};

export const closeApp: ActionHandler = {
  service: 'none',
  interacts: false,
  retry: 'AppClose',
  async run(params) {
    const applicationId = reqString(params, 'applicationId');
    // An app cannot stop another app on Android; the host force-stops it before dispatch and normalizes this.
    throw new StepError('UNSUPPORTED_RUNTIME_CLOSE', 'closing apps is done by the host (am force-stop)', {
      data: { application_id: applicationId },
    });
  },
};
