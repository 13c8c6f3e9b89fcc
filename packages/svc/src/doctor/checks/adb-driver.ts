// readiness.driver.adb: can svc drive this device with adb alone (no app installed)? One `uiautomator dump` round
// trip through the adb driver's own code answers it: it is the one tool the driver cannot do without. A pass lists
// the driver's limitations, so the user knows what installing the operator app would add.
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../executions/drivers/adb/device-shell.ts';
import { DumpError, dumpWindow } from '../../executions/drivers/adb/dump.ts';
import { ADB_DRIVER_LIMITATIONS } from '../../executions/drivers/adb/limitations.ts';
import { ADB_DRIVER_CHECK } from '../finalize.ts';
import { fix, manual } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

/** A dump waits up to 10 s for an idle screen on a phone; give it that and a little more. */
const DUMP_BUDGET_MS = 15_000;

export async function checkAdbDriver(ctx: SvcContext, serial: string, operatorPackage: string): Promise<CheckResult> {
  const id = ADB_DRIVER_CHECK;
  const shell = new DeviceShell(ctx, serial);
  const started = ctx.clock.monotonic();
  try {
    const sdk = await shell.sdk();
    const xml = await dumpWindow(ctx, shell, started + DUMP_BUDGET_MS);
    const dumpMs = Math.round(ctx.clock.monotonic() - started);
    const nodes = xml.split('<node ').length - 1;
    return {
      id,
      status: 'pass',
      summary: `the adb driver is ready: svc drives this device with adb alone (screen read in ${dumpMs} ms)`,
      detail: `Limitations without the operator app:\n${ADB_DRIVER_LIMITATIONS.map((l) => `- ${l}`).join('\n')}`,
      evidence: { sdk, dumpMs, nodes, limitations: ADB_DRIVER_LIMITATIONS },
    };
  } catch (error) {
    const dumpError = error instanceof DumpError ? error.code : undefined;
    return {
      id,
      status: 'fail',
      code: 'ADB_DRIVER_UNAVAILABLE',
      summary: `svc cannot read the screen of ${serial} with adb alone`,
      detail: error instanceof Error ? error.message : String(error),
      fix: fix('Install the operator app, which reads the screen itself', [
        manual(`svc operator setup --apk <operator.apk> --device ${serial} --operator-package ${operatorPackage}`),
      ]),
      evidence: dumpError === undefined ? { serial } : { serial, dumpError },
    };
  }
}
