// Install an APK from the host, uninstall a package. The APK goes over adb's sync service to /data/local/tmp
// (counted for a progress display), then `pm install -r -t` installs it and the copy is removed, the legacy path
// of `adb install` that every Android version takes. `pm` prints "Success" or "Failure [INSTALL_FAILED_...: ...]"
// (AOSP PackageManagerShellCommand); an uninstall of a system app fails with DELETE_FAILED_INTERNAL_ERROR.
import { basename } from 'node:path';
import type { install, uninstall } from '../../contracts/chores/install.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { forgetDriverChoiceEverywhere } from '../../daemons/forget-driver.ts';
import { packageServiceDown } from '../../device-shell/device-outcome.ts';
import { readApk } from '../apk-source.ts';
import type { ChoreProgress, ChoreRunner } from '../chore.ts';

function failureOf(output: string): string | undefined {
  if (/^Success$/m.test(output)) return undefined;
  return /Failure \[([^\]]+)\]/.exec(output)?.[1] ?? (output.trim() || 'no answer from the package manager');
}

export const runInstall: ChoreRunner<typeof install> = async ({ ctx, serial, params, cwd, apksDir, progress }) => {
  const { path, data } = await readApk(params.apk.trim(), cwd, apksDir, (file) => ctx.files.readBytes(file));
  await pushAndInstall(ctx, serial, data, progress, basename(path), { apk: path });
  return { installed: true, apk: path, bytes: data.length };
};

/** Pushes APK bytes and installs them (`pm install -r -t`); INSTALL_FAILED with the package manager's reason. */
export async function pushAndInstall(
  ctx: SvcContext,
  serial: string,
  data: Uint8Array,
  progress: (event: ChoreProgress) => void,
  name: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  const remote = `/data/local/tmp/svc-install-${process.pid}-${Date.now()}.apk`;
  await ctx.adb.push(serial, remote, data, (done, total) => progress({ phase: 'pushing', done, total }));
  progress({ phase: 'installing' });
  const out = await ctx.adb.shell(serial, `pm install -r -t ${quoteShellArg(remote)}; rm -f ${quoteShellArg(remote)}`);
  const reason = failureOf(`${out.stdout}\n${out.stderr}`);
  if (reason !== undefined) {
    throw new SvcError('INSTALL_FAILED', `The device refused ${name}: ${reason}`, { ...details, reason });
  }
  await forgetDriverChoiceEverywhere(ctx, serial); // it may have been the operator app
}

/**
 * Whether `pm path` finds the package. "cmd: Can't find service: package" (the system still starting) is the
 * device failing: DEVICE_SHELL_UNAVAILABLE, never APP_NOT_INSTALLED.
 */
async function installed(ctx: SvcContext, serial: string, packageName: string): Promise<boolean> {
  const out = await ctx.adb.shell(serial, `pm path ${quoteShellArg(packageName)}`);
  const down = packageServiceDown(`${out.stdout}\n${out.stderr}`);
  if (down !== undefined) {
    throw new SvcError(
      'DEVICE_SHELL_UNAVAILABLE',
      `The device's package manager does not answer (${down}).`,
      { deviceId: serial, said: down },
      'The phone may still be starting: wait until it has booted (`svc devices`) and try again.',
    );
  }
  return /^package:/m.test(out.stdout);
}

export const runUninstall: ChoreRunner<typeof uninstall> = async ({ ctx, serial, params }) => {
  const pkg = quoteShellArg(params.package);
  if (!(await installed(ctx, serial, params.package))) {
    throw new SvcError('APP_NOT_INSTALLED', `${params.package} is not installed on ${serial}.`, {
      path: 'package',
      package: params.package,
    });
  }
  const out = await ctx.adb.shell(serial, `pm uninstall ${pkg}`);
  const reason = failureOf(`${out.stdout}\n${out.stderr}`);
  if (reason !== undefined) {
    throw new SvcError('UNINSTALL_FAILED', `The device refused to uninstall ${params.package}: ${reason}`, {
      package: params.package,
      reason,
    });
  }
  await forgetDriverChoiceEverywhere(ctx, serial);
  // An updated system app: "Success" removed only the update and the factory version is back
  // (samolego/Canta#173; d4rken-org/sdmaid#220 "Updated system applications require 2 uninstalls").
  if (await installed(ctx, serial, params.package)) {
    return { uninstalled: false, resetToFactory: true, package: params.package };
  }
  return { uninstalled: true, package: params.package };
};
