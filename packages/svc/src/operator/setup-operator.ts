// `svc operator setup --apk <path>` (SPEC 4.4): install with `adb install -r`, pick the package, grant, verify.
import { existsSync, statSync } from 'node:fs';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { runAdbBinary } from './adb-binary.ts';
import { choosePackage, grantPermissions, verifyInstalled } from './operator-device.ts';

export interface SetupResult {
  ok: true;
  deviceId: string;
  operatorPackage: string;
  installed: true;
  granted: string[];
  verified: true;
}

/** Checked before any device work, so a wrong path fails fast and the same way with or without a device. */
export function assertApkExists(apkPath: string): void {
  if (!existsSync(apkPath) || !statSync(apkPath).isFile()) {
    throw new SvcError('OPERATOR_APK_NOT_FOUND', `no APK file at ${apkPath}`, { apk: apkPath });
  }
}

export async function installApk(serial: string, apkPath: string, env: Env): Promise<void> {
  assertApkExists(apkPath);
  const result = await runAdbBinary(['-s', serial, 'install', '-r', apkPath], env);
  // adb 29 exits 0 on some install failures; "Success" is the line a real install prints.
  if (result.code !== 0 || !/^Success\b/m.test(result.stdout)) {
    throw new SvcError('OPERATOR_INSTALL_FAILED', `adb install -r ${apkPath} failed`, {
      apk: apkPath,
      exitCode: result.code,
      output: (result.stdout + result.stderr).trim(),
    });
  }
}

export async function setupOperator(serial: string, apkPath: string, explicit: string | undefined, env: Env) {
  await installApk(serial, apkPath, env);
  const operatorPackage = await choosePackage(serial, env, explicit);
  const granted = await grantPermissions(serial, operatorPackage, env);
  await verifyInstalled(serial, operatorPackage, env);
  const result: SetupResult = { ok: true, deviceId: serial, operatorPackage, installed: true, granted, verified: true };
  return result;
}

export async function regrantPermissions(serial: string, explicit: string | undefined, env: Env) {
  const operatorPackage = await choosePackage(serial, env, explicit);
  await verifyInstalled(serial, operatorPackage, env);
  const granted = await grantPermissions(serial, operatorPackage, env);
  return { ok: true as const, deviceId: serial, operatorPackage, granted };
}
