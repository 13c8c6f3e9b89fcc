// Host steps before dispatch: close_app is done by the host (`am force-stop`), since the operator cannot close apps
// (OPERATOR-PROTOCOL §5); the step is normalized afterwards from these outcomes.
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import { quoteShellArg } from '../../../contracts/dispatch.ts';
import { SvcError } from '../../../contracts/errors.ts';
import type { Execution } from '../../../contracts/types.ts';

/**
 * close_app of the operator app itself is refused before anything runs: Android takes a force-stopped package's
 * accessibility services off the enabled list (AccessibilityManagerService.onPackagesForceStoppedLocked), so the
 * operator could never answer this run, nor any later one, until its service is turned on again by hand.
 */
export function refuseClosingOperator(execution: Execution, operatorPackage: string): void {
  const at = execution.actions.findIndex(
    (action) => action.type === 'close_app' && action.params.applicationId === operatorPackage,
  );
  if (at === -1) return;
  const path = `actions[${at}].params.applicationId`;
  throw new SvcError(
    'EXECUTION_VALIDATION_FAILED',
    `${path}: closing ${operatorPackage} would stop the operator app that runs this execution: Android turns a force-stopped app's accessibility service off, so no result would come back.`,
    { path, applicationId: operatorPackage },
    'Close another app, or run this with --driver adb (HTTP and MCP: driver "adb"); if the operator app was closed already, turn its accessibility service on again (`svc grant-device-permissions`).',
  );
}

/**
 * A commandId or taskId with a '%' is refused for the operator app: after a failed command its receiver logs
 * `Agent command failed commandId=<id> taskId=<id>: <reason>` with the cause as a format argument
 * (OperatorCommandReceiver.kt:83-86 @ v0.5.2), so String.format runs over the ids and, with two or more '%' or a '%'
 * that is not a format, throws and ends the app's process (Log.kt:46-53). svc's own ids never hold one.
 */
export function refusePercentIds(execution: Execution): void {
  for (const field of ['commandId', 'taskId'] as const) {
    if (!execution[field].includes('%')) continue;
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      `${field} must not contain '%' for the operator app: it formats the ids into its error log after a failed command, and a '%' there can end the app.`,
      { path: field, expected: "an id without '%'" },
      `Choose a ${field} without '%' (letters, digits, '-', '_', '.', ':'); with --driver adb any id is fine.`,
    );
  }
}

export async function forceStopClosedApps(
  adb: AdbPort,
  serial: string,
  execution: Execution,
): Promise<Map<string, boolean>> {
  const apps = new Set<string>();
  for (const action of execution.actions) {
    if (action.type === 'close_app') apps.add(action.params.applicationId);
  }
  const outcomes = await Promise.all(
    [...apps].map(async (appId) => {
      try {
        const out = await adb.shell(serial, `am force-stop ${quoteShellArg(appId)}`);
        return [appId, out.exitCode === 0] as const;
      } catch {
        return [appId, false] as const;
      }
    }),
  );
  return new Map(outcomes);
}
