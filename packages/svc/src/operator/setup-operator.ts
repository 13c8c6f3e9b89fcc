// `svc operator setup --apk <path> [--sha256 <digest>] [--cert-sha256 <digest>]`: check the APK (its manifest's
// package and version, its digest and signer when given: verify-apk.ts), install it with `adb install -r` (the adb client streams the APK and picks the
// install method the device supports), grant, check the package manager lists it; then tell the device's daemon, if one
// runs, to choose its driver again (the operator may now answer where adb drove before).
import { existsSync, statSync } from 'node:fs';
import { runAdbBinary } from '../adapters/adb/adb-binary.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { forgetDriverChoiceEverywhere } from '../daemons/forget-driver.ts';
import type { Target } from '../executions/target.ts';
import { choosePackage, grantPermissions, verifyInstalled } from './operator-device.ts';
import { type ApkExpectations, type ApkVerified, verifyOperatorApk } from './verify-apk.ts';

export interface SetupResult {
  ok: true;
  deviceId: string;
  operatorPackage: string;
  installed: true;
  granted: string[];
  /** What was checked of the APK before it was installed. */
  verified: ApkVerified;
}

/** Checked before any device work, so a wrong path fails fast and the same way with or without a device. */
export function assertApkExists(apkPath: string): void {
  if (!existsSync(apkPath) || !statSync(apkPath).isFile()) {
    throw new SvcError('OPERATOR_APK_NOT_FOUND', `no APK file at ${apkPath}`, { apk: apkPath });
  }
}

export async function installApk(ctx: SvcContext, serial: string, apkPath: string): Promise<void> {
  assertApkExists(apkPath);
  const result = await runAdbBinary(ctx.processes, ctx.env, ['-s', serial, 'install', '-r', apkPath]);
  // adb 29 exits 0 on some install failures; "Success" is the line a real install prints.
  if (result.code !== 0 || !/^Success\b/m.test(result.stdout)) {
    throw new SvcError('OPERATOR_INSTALL_FAILED', `adb install -r ${apkPath} failed`, {
      apk: apkPath,
      exitCode: result.code,
      output: (result.stdout + result.stderr).trim(),
    });
  }
}

export async function setupOperator(
  ctx: SvcContext,
  serial: string,
  apkPath: string,
  target: Target,
  expected: ApkExpectations = {},
): Promise<SetupResult> {
  assertApkExists(apkPath);
  const { operatorPackage, verified } = await verifyOperatorApk(apkPath, target, expected);
  await installApk(ctx, serial, apkPath);
  await verifyInstalled(ctx, serial, operatorPackage);
  const granted = await grantPermissions(ctx, serial, operatorPackage);
  await forgetDriverChoiceEverywhere(ctx, serial);
  return { ok: true, deviceId: serial, operatorPackage, installed: true, granted, verified };
}

export async function regrantPermissions(ctx: SvcContext, serial: string, target: Target) {
  const operatorPackage = await choosePackage(ctx, serial, target);
  await verifyInstalled(ctx, serial, operatorPackage);
  const granted = await grantPermissions(ctx, serial, operatorPackage);
  await forgetDriverChoiceEverywhere(ctx, serial);
  return { ok: true as const, deviceId: serial, operatorPackage, granted };
}
