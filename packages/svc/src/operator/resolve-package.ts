// The presence check of the operator package before dispatch: a missing receiver still answers `result=0` to
// `am broadcast`, so the host must look. (Which package a call targets is decided by submit/target.ts.)
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { quoteShellArg } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';

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
