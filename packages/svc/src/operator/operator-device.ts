// Device-side steps of operator setup and grant-device-permissions, over the adb server like every device command:
// detect the installed variant, grant, verify.
import { quoteShellArg } from '../contracts/dispatch.ts';
import { SvcError } from '../contracts/errors.ts';
import { apkAdvice } from '../contracts/operator-apk.ts';
import type { SvcContext } from '../core/context.ts';
import type { Target } from '../executions/target.ts';
import { grantSteps, KNOWN_OPERATOR_PACKAGES, parsePackageList } from './components.ts';

type Device = Pick<SvcContext, 'adb'>;

const shellLine = (words: readonly string[]) => words.map(quoteShellArg).join(' ');

async function installedPackages(ctx: Device, serial: string): Promise<string[]> {
  const out = await ctx.adb.shell(serial, 'pm list packages');
  if (out.exitCode !== 0) {
    throw new SvcError('DEVICE_SHELL_UNAVAILABLE', 'pm list packages failed', { serial, stderr: out.stderr.trim() });
  }
  return parsePackageList(out.stdout).sort();
}

/**
 * The operator package to use: the one the caller (or the environment) named; when nobody named one, the one known
 * variant installed. Both variants installed → the caller must choose.
 */
export async function choosePackage(ctx: Device, serial: string, target: Target): Promise<string> {
  if (target.operatorPackageSource !== 'default') return target.operatorPackage;
  const installed = (await installedPackages(ctx, serial)).filter((id) => KNOWN_OPERATOR_PACKAGES.includes(id));
  if (installed.length === 1 && installed[0] !== undefined) return installed[0];
  throw new SvcError(
    'OPERATOR_VERIFY_FAILED',
    installed.length === 0
      ? `no operator package is installed; pass --operator-package, or ${apkAdvice()}`
      : `several operator packages are installed (${installed.join(', ')}); pass --operator-package`,
    { installed, known: KNOWN_OPERATOR_PACKAGES },
  );
}

async function secureSetting(ctx: Device, serial: string, key: string): Promise<string> {
  const out = await ctx.adb.shell(serial, `settings get secure ${quoteShellArg(key)}`);
  return out.exitCode === 0 ? out.stdout : '';
}

/** The grant steps run, by name; a step with nothing to do (already granted, no such permission) is left out. */
export async function grantPermissions(ctx: Device, serial: string, pkg: string): Promise<string[]> {
  const granted: string[] = [];
  const services = await secureSetting(ctx, serial, 'enabled_accessibility_services');
  const listeners = await secureSetting(ctx, serial, 'enabled_notification_listeners');
  for (const step of grantSteps(pkg, { services, listeners })) {
    const result = await ctx.adb.shell(serial, shellLine(step.words));
    const output = `${result.stdout}${result.stderr}`;
    if (step.skipWhen?.test(output)) continue;
    // `settings`, `pm` and `cmd` print errors yet sometimes exit 0 on old Android versions: check both.
    const failed = result.exitCode !== 0 || /^(Error|Exception|Security exception)/im.test(output);
    if (failed) {
      throw new SvcError('OPERATOR_GRANT_FAILED', `granting ${step.name} to ${pkg} failed`, {
        step: step.name,
        command: step.words.join(' '),
        exitCode: result.exitCode,
        output: output.trim(),
      });
    }
    granted.push(step.name);
  }
  return granted;
}

export async function verifyInstalled(ctx: Device, serial: string, pkg: string): Promise<void> {
  const out = await ctx.adb.shell(serial, `pm list packages ${quoteShellArg(pkg)}`);
  if (out.exitCode !== 0 || !parsePackageList(out.stdout).includes(pkg)) {
    throw new SvcError('OPERATOR_VERIFY_FAILED', `${pkg} is not listed by the package manager after setup`, {
      operatorPackage: pkg,
      serial,
    });
  }
}
