// An execution that opens an app first: svc checks the app is installed before the broadcast (one shell call), so
// an app that is not fails at once, naming the closest installed packages, instead of after the operator app's
// launch retries. Only the first action: open_app ends the execution when it fails, so nothing after it would run,
// and the step comes back as the operator app reports it (APP_NOT_FOUND, the execution failed with that step).
import type { ResultEnvelope } from '../../../contracts/types.ts';
import type { SvcContext } from '../../../core/context.ts';
import { DeviceShell } from '../../../device-shell/device-shell.ts';
import { notInstalled } from '../../../device-shell/installed-packages.ts';
import type { DeviceRun } from '../../device-run.ts';

export async function firstAppMissing(ctx: SvcContext, run: DeviceRun): Promise<ResultEnvelope | undefined> {
  const { execution } = run;
  const first = execution.actions[0];
  if (first?.type !== 'open_app') return undefined;
  const missing = await notInstalled(new DeviceShell(ctx, run.serial), first.params.applicationId);
  if (missing === undefined) return undefined;
  return {
    commandId: execution.commandId,
    taskId: execution.taskId,
    status: 'failed',
    stepResults: [
      { id: first.id, actionType: first.type, success: false, data: { error: 'APP_NOT_FOUND', message: missing } },
    ],
    error: `Task execution failed: ${missing}`,
    errorCode: 'ACTION_FAILED',
  };
}
