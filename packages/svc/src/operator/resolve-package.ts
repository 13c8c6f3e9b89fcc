// Which operator package an execution targets (SPEC 4.4, DECISIONS 2): the explicit flag/body value, then the first
// non-blank of SVC_OPERATOR_PACKAGE and SVC_RECEIVER_PACKAGE, then the release package. And the presence check
// before dispatch (OPERATOR-PROTOCOL §2: a missing receiver still answers `result=0`, so the host must look).
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { OPERATOR_PACKAGES, quoteShellArg } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';

export function resolveOperatorPackage(explicit: string | undefined, env: Record<string, string | undefined>): string {
  for (const candidate of [explicit, env.SVC_OPERATOR_PACKAGE, env.SVC_RECEIVER_PACKAGE]) {
    if (candidate !== undefined && candidate.trim() !== '') return candidate.trim();
  }
  return OPERATOR_PACKAGES.release;
}

/** `pm list packages <pkg>` filters by substring, so only the exact line `package:<pkg>` counts. */
export async function isPackageInstalled(adb: AdbPort, serial: string, pkg: string): Promise<boolean> {
  const out = await adb.shell(serial, `pm list packages ${quoteShellArg(pkg)}`);
  if (out.exitCode !== 0) {
    throw new SvcError('DEVICE_SHELL_UNAVAILABLE', `\`pm list packages\` failed on ${serial} (exit ${out.exitCode}).`, {
      deviceId: serial,
      stderr: out.stderr.trim(),
    });
  }
  return out.stdout.split('\n').some((line) => line.trim() === `package:${pkg}`);
}

export async function requireOperatorInstalled(adb: AdbPort, serial: string, pkg: string): Promise<void> {
  if (await isPackageInstalled(adb, serial, pkg)) return;
  throw new SvcError('RECEIVER_NOT_INSTALLED', `The operator package ${pkg} is not installed on ${serial}.`, {
    deviceId: serial,
    operatorPackage: pkg,
  });
}
