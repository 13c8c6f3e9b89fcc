// The doctor use case (SPEC 4.5 order, run conditions and early stop; 4.6 checks; 2.11 report) behind the CLI,
// HTTP and MCP surfaces. Never throws for an environment problem: every finding is a check in the report.
import type { SvcContext } from '../core/context.ts';
import { OPERATOR_MIN_SDK } from '../executions/choose-driver.ts';
import { checkAdbDriver } from './checks/adb-driver.ts';
import { checkAssemble, checkInstall, checkJava, checkLaunch } from './checks/build.ts';
import { checkCapability, discoverDevice } from './checks/device.ts';
import { checkHandshake, checkSmoke, operatorNeedsNewerAndroid } from './checks/handshake.ts';
import { checkAdbPresence, checkAdbServer, checkNodeVersion } from './checks/host.ts';
import { checkApkPresence, checkSettings, checkVersionCompatibility } from './checks/readiness.ts';
import { checkUnicodeKeyboard } from './checks/unicode-keyboard.ts';
import { doctorPackage } from './detect-operator.ts';
import { finalize, halts } from './finalize.ts';
import type { CheckResult, DoctorOptions, DoctorReport } from './types.ts';

export type { DoctorOptions, DoctorReport } from './types.ts';

export async function runDoctor(ctx: SvcContext, options: DoctorOptions): Promise<DoctorReport> {
  const checks: CheckResult[] = [];
  let { operatorPackage } = options.target;
  const target: { deviceId?: string; operatorPackage: string } = { operatorPackage };
  const done = () => finalize(ctx, checks, target, options.fix === true);
  /** Records a check; true when the run may go on. */
  const record = (check: CheckResult) => {
    checks.push(check);
    return !halts(check);
  };
  const passed = (check: CheckResult) => check.status === 'pass';

  // 1. host
  if (!record(checkNodeVersion(process.versions.node))) return done();
  const adb = await checkAdbPresence(ctx);
  if (!record(adb.check) || adb.adbPath === undefined) return done();
  if (!record(await checkAdbServer(ctx, adb.adbPath))) return done();
  // 2. --full: Java and the project build
  if (options.full) {
    if (!record(await checkJava(ctx))) return done();
    if (!record(await checkAssemble(ctx))) return done();
  }
  // 3–4. discovery and device resolution (a multiple-devices warn ends the run: no device can be chosen)
  const discovery = await discoverDevice(ctx, options.target.deviceId);
  if (!record(discovery.check) || discovery.serial === undefined) return done();
  const serial = discovery.serial;
  target.deviceId = serial;
  if (options.target.operatorPackageSource === 'default') {
    operatorPackage = await doctorPackage(ctx, serial, operatorPackage);
    target.operatorPackage = operatorPackage;
  }
  // 5. --full: install and launch on the resolved device
  if (options.full) {
    if (!record(await checkInstall(ctx, serial))) return done();
    if (!record(await checkLaunch(ctx, serial, operatorPackage))) return done();
  }
  // 6–9. capability, package, version, settings; then, where svc would use it, the adb driver
  const capability = await checkCapability(ctx, serial);
  if (!record(capability)) return done();
  // Below Android 7.0 the operator's results cannot be trusted (its device log names no writer): adb drives it.
  const sdk = Number(capability.evidence?.sdk);
  const operatorTooOld = Number.isInteger(sdk) && sdk < OPERATOR_MIN_SDK;
  if (operatorTooOld && options.target.driver === 'operator') {
    // Installed or not, the operator driver cannot be used there: say that, not how to install it.
    record(operatorNeedsNewerAndroid(serial, sdk, true));
    return done();
  }
  // Without the operator app svc drives the device with adb alone, unless the operator driver is asked for: then a
  // missing operator is only a warning, and whether the adb driver can read the screen is what counts.
  const adbMayDrive = options.target.driver !== 'operator';
  const presence = await checkApkPresence(ctx, serial, operatorPackage, { optional: adbMayDrive });
  if (!record(presence)) return done();
  let compatible = false;
  if (passed(presence)) {
    const compat = await checkVersionCompatibility(ctx, serial, operatorPackage);
    if (!record(compat)) return done();
    compatible = passed(compat);
  }
  for (const check of await checkSettings(ctx, serial, operatorPackage)) record(check);
  if (adbMayDrive && (options.target.driver === 'adb' || !passed(presence) || operatorTooOld)) {
    if (!record(await checkAdbDriver(ctx, serial, operatorPackage))) return done();
    record(await checkUnicodeKeyboard(ctx, serial));
  }
  // 10–11. handshake, then the --full smoke run
  if (!passed(presence) || !compatible) return done();
  if (operatorTooOld) {
    record(operatorNeedsNewerAndroid(serial, sdk, false));
    return done();
  }
  const handshake = await checkHandshake(ctx, serial, operatorPackage);
  if (!record(handshake)) return done();
  if (options.full) record(await checkSmoke(ctx, serial, operatorPackage));
  return done();
}
