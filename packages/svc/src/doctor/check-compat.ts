// `svc version --check-compat` (SPEC 4.4, part 9): CLI version, installed operator version and versionCode,
// package, the major.minor verdict and what to do about it. Device resolution failures throw SvcError.
import { codeOf } from '../contracts/conditions.ts';
import { apkAdvice } from '../contracts/operator-apk.ts';
import type { SvcContext } from '../core/context.ts';
import { svcVersion } from '../core/version.ts';
import { resolveDevice } from '../devices/resolve-device.ts';
import type { Target } from '../executions/target.ts';
import { isPackageInstalled } from '../operator/resolve-package.ts';
import { checkCompatibility } from './compatibility.ts';
import { readOperatorVersion } from './operator-version.ts';

export interface CompatReport {
  ok: boolean;
  cliVersion: string;
  deviceId: string;
  operatorPackage: string;
  operatorVersion: string | null;
  operatorVersionCode: number | null;
  compatible: boolean;
  /** `compatible` when major.minor match (svc's own operator) or the version is in the supported range; `incompatible` when they differ; `unknown` when a side is unreadable. */
  verdict: 'compatible' | 'incompatible' | 'unknown';
  cliMajorMinor: string | null;
  operatorMajorMinor: string | null;
  code?: string;
  remediation?: string;
  /** The versions svc supports for this operator (`0.5.0–0.5.3`), when it is the published one. */
  supportedRange?: string;
}

export async function checkOperatorCompat(ctx: SvcContext, target: Target): Promise<CompatReport> {
  const { serial } = await resolveDevice(ctx, target);
  const { operatorPackage } = target;
  const cliVersion = svcVersion();
  const base = { cliVersion, deviceId: serial, operatorPackage };
  if (!(await isPackageInstalled(ctx.adb, serial, operatorPackage))) {
    return {
      ok: false,
      ...base,
      operatorVersion: null,
      operatorVersionCode: null,
      compatible: false,
      verdict: 'unknown',
      cliMajorMinor: null,
      operatorMajorMinor: null,
      code: codeOf('operatorMissing'),
      remediation: `${operatorPackage} is not installed on ${serial}; ${apkAdvice(operatorPackage)}.`,
    };
  }
  const read = await readOperatorVersion(ctx.adb, serial, operatorPackage);
  const verdict = checkCompatibility({
    cliVersion,
    apkVersion: read.versionName,
    apkVersionCode: read.versionCode,
    operatorPackage,
  });
  return {
    ok: verdict.compatible,
    ...base,
    operatorVersion: read.versionName ?? null,
    operatorVersionCode: read.versionCode ?? null,
    compatible: verdict.compatible,
    verdict: verdict.compatible ? 'compatible' : verdict.code === 'VERSION_INCOMPATIBLE' ? 'incompatible' : 'unknown',
    cliMajorMinor: verdict.cliMajorMinor ?? null,
    operatorMajorMinor: verdict.apkMajorMinor ?? null,
    ...(verdict.code ? { code: verdict.code } : {}),
    ...(verdict.remediation ? { remediation: verdict.remediation } : {}),
    ...(verdict.supportedRange ? { supportedRange: verdict.supportedRange } : {}),
  };
}
