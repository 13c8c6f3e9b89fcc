// Host steps before dispatch: close_app is done by the host (`am force-stop`), since the operator cannot close apps
// (OPERATOR-PROTOCOL §5); the step is normalized afterwards from these outcomes.
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import { quoteShellArg } from '../../../contracts/dispatch.ts';
import type { Execution } from '../../../contracts/types.ts';

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
