// Install an APK from the host, uninstall a package. The APK goes over adb's sync service to /data/local/tmp
// (counted for a progress display), then `pm install -r -t` installs it and the copy is removed, the legacy path
// of `adb install` that every Android version takes. `pm` prints "Success" or "Failure [INSTALL_FAILED_...: ...]"
// (AOSP PackageManagerShellCommand); an uninstall of a system app fails with DELETE_FAILED_INTERNAL_ERROR.
import { basename } from 'node:path';
import { z } from 'zod';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import { forgetDriverChoiceEverywhere } from '../../daemons/forget-driver.ts';
import { packageServiceDown } from '../../device-shell/device-outcome.ts';
import { readApk } from '../apk-source.ts';
import { deviceTool, type ToolProgress } from '../tool.ts';
import { packageName } from './tool-fields.ts';

function failureOf(output: string): string | undefined {
  if (/^Success$/m.test(output)) return undefined;
  return /Failure \[([^\]]+)\]/.exec(output)?.[1] ?? (output.trim() || 'no answer from the package manager');
}

export const installTool = deviceTool({
  name: 'install',
  title: 'Install an APK',
  brief: 'Install or update an APK from this computer (`apk`: its path).',
  description:
    'Install (or update, keeping data) an APK file from this computer: apk is its path (from a server: a file in ' +
    'the APK folder its user named, else PATH_FORBIDDEN). Fails with APK_NOT_FOUND when there is no such file, INSTALL_FAILED with the package manager reason (details.reason, e.g. ' +
    'INSTALL_FAILED_UPDATE_INCOMPATIBLE) when the device refuses it.',
  args: z.strictObject({
    apk: z.string().trim().min(1, 'must be the path of an APK file').describe('Path of the APK file on this computer'),
  }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args, cwd, apksDir, progress }) => {
    const { path, data } = await readApk(args.apk, cwd, apksDir, (file) => ctx.files.readBytes(file));
    await pushAndInstall(ctx, serial, data, progress, basename(path), { apk: path });
    return { installed: true, apk: path, bytes: data.length };
  },
});

/** Pushes APK bytes and installs them (`pm install -r -t`); INSTALL_FAILED with the package manager's reason. */
export async function pushAndInstall(
  ctx: SvcContext,
  serial: string,
  data: Uint8Array,
  progress: (event: ToolProgress) => void,
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

export const uninstallTool = deviceTool({
  name: 'uninstall',
  title: 'Uninstall an app',
  brief: 'Uninstall an app (`package`) and its data.',
  description:
    'Uninstall an app by package name, with its data. Fails with APP_NOT_INSTALLED when the package is not on ' +
    'the device, UNINSTALL_FAILED (details.reason) when the device refuses (system apps). An updated system ' +
    'app loses only its updates: uninstalled: false, resetToFactory: true (the factory version stays).',
  args: z.strictObject({ package: packageName }),
  locksDevice: true,
  readOnly: false,
  run: async ({ ctx, serial, args }) => {
    const pkg = quoteShellArg(args.package);
    if (!(await installed(ctx, serial, args.package))) {
      throw new SvcError('APP_NOT_INSTALLED', `${args.package} is not installed on ${serial}.`, {
        path: 'package',
        package: args.package,
      });
    }
    const out = await ctx.adb.shell(serial, `pm uninstall ${pkg}`);
    const reason = failureOf(`${out.stdout}\n${out.stderr}`);
    if (reason !== undefined) {
      throw new SvcError('UNINSTALL_FAILED', `The device refused to uninstall ${args.package}: ${reason}`, {
        package: args.package,
        reason,
      });
    }
    await forgetDriverChoiceEverywhere(ctx, serial);
    // An updated system app: "Success" removed only the update and the factory version is back
    // (samolego/Canta#173; d4rken-org/sdmaid#220 "Updated system applications require 2 uninstalls").
    if (await installed(ctx, serial, args.package)) {
      return { uninstalled: false, resetToFactory: true, package: args.package };
    }
    return { uninstalled: true, package: args.package };
  },
});
