// readiness.driver.adb: can svc drive this device with adb alone (no app installed)? One `uiautomator dump` round
// trip through the adb driver's own code answers it: it is the one tool the driver cannot do without. A pass lists
// the driver's limitations, so the user knows what installing the operator app would add. The dump runs under the
// device's execution lock, as every dump does: a second UiAutomation client at the same moment (an execution of
// another process) would fail it with "already registered" and the doctor would blame the device.
import { codeOf } from '../../contracts/conditions.ts';
import type { SvcContext } from '../../core/context.ts';
import { DeviceShell } from '../../device-shell/device-shell.ts';
import { DumpError, dumpWindow } from '../../device-shell/dump.ts';
import { unicodeKeyboardInstalled } from '../../device-shell/unicode-keyboard-app.ts';
import { ADB_DRIVER_LIMITATIONS, KEYBOARD_LIMITATION } from '../../executions/adb-driver-limitations.ts';
import { lockWithin } from '../../executions/run-on-device.ts';
import { ADB_DRIVER_CHECK } from '../finalize.ts';
import { fix, manual, operatorInstallSteps } from '../fixes.ts';
import type { CheckResult } from '../types.ts';

/** A dump waits up to 10 s for an idle screen on a phone; give it that and a little more. */
const DUMP_BUDGET_MS = 15_000;

export async function checkAdbDriver(ctx: SvcContext, serial: string, operatorPackage: string): Promise<CheckResult> {
  const id = ADB_DRIVER_CHECK;
  const attempt = await lockWithin(ctx, { serial, operatorPackage: 'svc-doctor' }, DUMP_BUDGET_MS);
  if (!attempt.ok) {
    return {
      id,
      status: 'fail',
      code: codeOf('deviceBusy'),
      summary: `${serial} stayed busy with another execution; the adb driver's screen read was not tried`,
      detail: `Waited ${DUMP_BUDGET_MS / 1000} s for the execution in flight to end.`,
      fix: fix('Run the doctor again when the execution in flight has ended', [
        manual(`svc doctor --device ${serial}`),
      ]),
      evidence: attempt.holder.pid === undefined ? { serial } : { serial, holderPid: attempt.holder.pid },
    };
  }
  try {
    return await dumpOnce(ctx, serial, operatorPackage);
  } finally {
    await attempt.lock.release();
  }
}

async function dumpOnce(ctx: SvcContext, serial: string, operatorPackage: string): Promise<CheckResult> {
  const id = ADB_DRIVER_CHECK;
  const shell = new DeviceShell(ctx, serial);
  const started = ctx.clock.monotonic();
  try {
    const sdk = await shell.sdk();
    const xml = await dumpWindow(ctx, shell, started + DUMP_BUDGET_MS);
    const dumpMs = Math.round(ctx.clock.monotonic() - started);
    const nodes = xml.split('<node ').length - 1;
    // Once svc's Unicode keyboard is installed, typing any text is no longer a limitation of this device.
    const keyboard = await unicodeKeyboardInstalled(shell).catch(() => false);
    const limitations = keyboard
      ? ADB_DRIVER_LIMITATIONS.filter((line) => line !== KEYBOARD_LIMITATION)
      : ADB_DRIVER_LIMITATIONS;
    return {
      id,
      status: 'pass',
      summary: `the adb driver is ready: svc drives this device with adb alone (screen read in ${dumpMs} ms)`,
      detail: `Limitations without the operator app:\n${limitations.map((l) => `- ${l}`).join('\n')}`,
      evidence: { sdk, dumpMs, nodes, limitations },
    };
  } catch (error) {
    const dumpError = error instanceof DumpError ? error.code : undefined;
    return {
      id,
      status: 'fail',
      code: 'ADB_DRIVER_UNAVAILABLE',
      summary: `svc cannot read the screen of ${serial} with adb alone`,
      detail: error instanceof Error ? error.message : String(error),
      fix: fix(
        'Install the operator app, which reads the screen itself',
        operatorInstallSteps(serial, operatorPackage),
      ),
      evidence: dumpError === undefined ? { serial } : { serial, dumpError },
    };
  }
}
