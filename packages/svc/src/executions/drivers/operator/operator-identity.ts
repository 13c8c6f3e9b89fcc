// Who the operator is on the device: its package uid, the only thing the host trusts a result line by. Any app can
// log under the operator's tag, but logd stamps every entry with the writer's uid from its socket credentials, and
// `logcat -v uid` prints it (adapters/adb/logcat.ts). The uid of an app stays the same across its process restarts
// (unlike its pid, which also gets reused), and changes only when the app is reinstalled.
//
// One round trip answers presence and uid: `pm list packages -U <pkg>` prints `package:<pkg> uid:<n>`
// (PackageManagerShellCommand, "-U: also show the package UID"). A pm that does not know -U still lists the
// package; then `dumpsys package <pkg>` gives it (`userId=<n>` on older releases, `appId=<n>` on newer ones).
import type { AdbPort } from '../../../adapters/adb/adb-port.ts';
import { codeOf } from '../../../contracts/conditions.ts';
import { quoteShellArg } from '../../../contracts/dispatch.ts';
import { SvcError } from '../../../contracts/errors.ts';

export async function operatorUid(adb: AdbPort, serial: string, pkg: string): Promise<number> {
  const out = await adb.shell(serial, `pm list packages -U ${quoteShellArg(pkg)}`);
  const listed = out.stdout
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line === `package:${pkg}` || line.startsWith(`package:${pkg} `));
  // Android 7 and older refuse -U (nothing listed; below Android 7 adb carries no exit status to tell it by).
  if (listed === undefined && !/unknown option/i.test(out.stderr + out.stdout)) {
    if (out.exitCode !== 0) {
      throw new SvcError(
        'DEVICE_SHELL_UNAVAILABLE',
        `\`pm list packages\` failed on ${serial} (exit ${out.exitCode}).`,
        {
          deviceId: serial,
          stderr: out.stderr.trim().slice(0, 500),
        },
      );
    }
    throw notInstalled(serial, pkg);
  }
  const uid = /\buid:(\d+)/.exec(listed ?? '')?.[1] ?? (await uidFromDumpsys(adb, serial, pkg));
  if (uid === undefined) {
    throw new SvcError(
      'DEVICE_SHELL_UNAVAILABLE',
      `Cannot read the uid of ${pkg} on ${serial}, so its result lines could not be told from forged ones.`,
      { deviceId: serial, operatorPackage: pkg },
    );
  }
  return Number(uid);
}

async function uidFromDumpsys(adb: AdbPort, serial: string, pkg: string): Promise<string | undefined> {
  const out = await adb.shell(serial, `dumpsys package ${quoteShellArg(pkg)}`);
  if (/^Unable to find package/m.test(out.stdout)) throw notInstalled(serial, pkg);
  return /^\s*(?:userId|appId)=(\d+)/m.exec(out.stdout)?.[1];
}

function notInstalled(serial: string, pkg: string): SvcError {
  return new SvcError(codeOf('operatorMissing'), `The operator app ${pkg} is not installed on ${serial}.`, {
    deviceId: serial,
    operatorPackage: pkg,
  });
}
