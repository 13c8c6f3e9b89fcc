// Device-side steps of operator setup and grant-device-permissions: list packages, detect the variant, grant, verify.

import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { deviceShell } from './adb-binary.ts';
import { grantSteps, KNOWN_OPERATOR_PACKAGES, parsePackageList } from './components.ts';

export async function listPackages(serial: string, env: Env, thirdParty = false): Promise<string[]> {
  const result = await deviceShell(serial, ['pm', 'list', 'packages', ...(thirdParty ? ['-3'] : [])], env);
  if (result.code !== 0) {
    throw new SvcError('DEVICE_SHELL_UNAVAILABLE', 'pm list packages failed', { serial, stderr: result.stderr });
  }
  return parsePackageList(result.stdout).sort();
}

/**
 * The operator package to use: the explicit flag, else a non-blank SVC_OPERATOR_PACKAGE / SVC_RECEIVER_PACKAGE,
 * else the one known variant installed. Both variants installed → the caller must choose.
 */
export async function choosePackage(serial: string, env: Env, explicit: string | undefined): Promise<string> {
  const fromEnv = [env.SVC_OPERATOR_PACKAGE, env.SVC_RECEIVER_PACKAGE].find((v) => v !== undefined && v.trim() !== '');
  const chosen = explicit ?? fromEnv;
  if (chosen !== undefined) return chosen;
  const installed = (await listPackages(serial, env)).filter((id) => KNOWN_OPERATOR_PACKAGES.includes(id));
  if (installed.length === 1 && installed[0] !== undefined) return installed[0];
  throw new SvcError(
    'OPERATOR_VERIFY_FAILED',
    installed.length === 0
      ? 'no operator package is installed; pass --operator-package or install it with `svc operator setup --apk <path>`'
      : `both operator variants are installed (${installed.join(', ')}); pass --operator-package`,
    { installed, known: KNOWN_OPERATOR_PACKAGES },
  );
}

export async function grantPermissions(serial: string, pkg: string, env: Env): Promise<string[]> {
  const granted: string[] = [];
  const current = await deviceShell(serial, ['settings', 'get', 'secure', 'enabled_accessibility_services'], env);
  for (const step of grantSteps(pkg, current.code === 0 ? current.stdout : '')) {
    const result = await deviceShell(serial, step.words, env);
    // `settings`, `pm` and `cmd` print errors yet sometimes exit 0 on old Android versions: check both.
    const failed = result.code !== 0 || /^(Error|Exception|Security exception)/im.test(result.stdout + result.stderr);
    if (failed) {
      throw new SvcError('OPERATOR_GRANT_FAILED', `granting ${step.name} to ${pkg} failed`, {
        step: step.name,
        command: step.words.join(' '),
        exitCode: result.code,
        output: (result.stdout + result.stderr).trim(),
      });
    }
    granted.push(step.name);
  }
  return granted;
}

export async function verifyInstalled(serial: string, pkg: string, env: Env): Promise<void> {
  const result = await deviceShell(serial, ['pm', 'list', 'packages', pkg], env);
  if (result.code !== 0 || !parsePackageList(result.stdout).includes(pkg)) {
    throw new SvcError('OPERATOR_VERIFY_FAILED', `${pkg} is not listed by the package manager after setup`, {
      operatorPackage: pkg,
      serial,
    });
  }
}
