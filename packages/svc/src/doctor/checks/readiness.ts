// Steps 7 to 9 of SPEC 4.5: readiness.apk.presence, readiness.version.compatibility and the two advisory settings.

import { codeOf } from '../../contracts/conditions.ts';
import { quoteShellArg } from '../../contracts/dispatch.ts';
import { apkDownload } from '../../contracts/operator-apk.ts';
import type { SvcContext } from '../../core/context.ts';
import { svcVersion } from '../../core/version.ts';
import { KNOWN_OPERATOR_PACKAGES, parsePackageList } from '../../operator/components.ts';
import { checkCompatibility } from '../compatibility.ts';
import { adbShellStep, fix, manual, operatorInstallSteps, targetArgs } from '../fixes.ts';
import { readOperatorVersion } from '../operator-version.ts';
import type { CheckResult } from '../types.ts';

const setupStep = (serial: string, pkg: string) => operatorInstallSteps(serial, pkg);

/**
 * What to install for `pkg`: the APK there is to get (the published operator's recommended version; svc's own
 * operator is not published, and its version number names no APK anyone can download).
 */
function operatorTitle(pkg: string): string {
  const { title, version } = apkDownload(pkg);
  return `${title} ${version}`;
}

/**
 * `optional`: svc can drive the device without the operator (the adb driver), so a missing operator is a warning
 * that names the faster, fuller option rather than a failure.
 */
export async function checkApkPresence(
  ctx: SvcContext,
  serial: string,
  pkg: string,
  options: { optional?: boolean } = {},
): Promise<CheckResult> {
  const id = 'readiness.apk.presence';
  let installed: string[];
  try {
    const out = await ctx.adb.shell(serial, 'pm list packages');
    if (out.exitCode !== 0) throw new Error(`pm list packages exited with ${out.exitCode}: ${out.stderr.trim()}`);
    installed = parsePackageList(out.stdout);
  } catch (error) {
    return {
      id,
      status: 'fail',
      code: 'DEVICE_SHELL_UNAVAILABLE',
      summary: `cannot list the packages of ${serial}`,
      detail: error instanceof Error ? error.message : String(error),
      evidence: { serial },
    };
  }
  const variants = KNOWN_OPERATOR_PACKAGES.filter((p) => installed.includes(p));
  const evidence = { operatorPackage: pkg, installedVariants: variants };
  if (installed.includes(pkg)) return { id, status: 'pass', summary: `${pkg} is installed`, evidence };
  const other = variants.find((p) => p !== pkg);
  if (other !== undefined) {
    // DR-3: a fail, not a warn: the requested package is absent, so nothing after this could work.
    return {
      id,
      status: 'fail',
      code: 'OPERATOR_VARIANT_MISMATCH',
      summary: `${pkg} is not installed, but the other variant ${other} is`,
      detail: 'Release and debug builds of the operator have different package ids; svc targets one at a time.',
      fix: fix('Use the installed variant or install the intended one', [
        manual(`svc doctor --device ${serial} --operator-package ${other}`),
        ...setupStep(serial, pkg),
      ]),
      evidence,
    };
  }
  if (options.optional) {
    return {
      id,
      status: 'warn',
      code: codeOf('operatorMissing'),
      summary: `the operator app ${pkg} is not installed: svc drives ${serial} with the adb driver`,
      fix: fix(`For the faster, fuller operator driver, install ${operatorTitle(pkg)}`, setupStep(serial, pkg)),
      evidence,
    };
  }
  return {
    id,
    status: 'fail',
    code: codeOf('operatorMissing'),
    summary: `the operator app ${pkg} is not installed on ${serial}`,
    fix: fix(`Install ${operatorTitle(pkg)}`, setupStep(serial, pkg)),
    evidence,
  };
}

export async function checkVersionCompatibility(ctx: SvcContext, serial: string, pkg: string): Promise<CheckResult> {
  const id = 'readiness.version.compatibility';
  const read = await readOperatorVersion(ctx.adb, serial, pkg);
  const verdict = checkCompatibility({
    cliVersion: svcVersion(),
    apkVersion: read.versionName,
    apkVersionCode: read.versionCode,
    operatorPackage: pkg,
  });
  const evidence = {
    cliVersion: verdict.cliVersion,
    apkVersion: read.versionName ?? null,
    apkVersionCode: read.versionCode ?? null,
    operatorPackage: pkg,
  };
  const range = verdict.supportedRange;
  if (verdict.compatible) {
    return {
      id,
      status: 'pass',
      summary: range
        ? `operator ${read.versionName} is in the versions svc supports for ${pkg} (${range})`
        : `CLI ${verdict.cliVersion} and operator ${read.versionName} are compatible (${verdict.cliMajorMinor})`,
      evidence: range ? { ...evidence, supportedRange: range } : evidence,
    };
  }
  const summaries: Record<string, string> = {
    VERSION_INCOMPATIBLE: range
      ? `operator ${read.versionName} is outside the versions svc supports for ${pkg} (${range})`
      : `CLI ${verdict.cliVersion} and operator ${read.versionName} are not compatible (major.minor differ)`,
    APK_VERSION_UNREADABLE: `the version of ${pkg} could not be read`,
    APK_VERSION_INVALID: `the version of ${pkg} ("${read.versionName}") is not semantic (X.Y.Z)`,
    CLI_VERSION_INVALID: `the CLI version "${verdict.cliVersion}" is not semantic (X.Y.Z)`,
  };
  return {
    id,
    status: 'fail',
    ...(verdict.code ? { code: verdict.code } : {}),
    summary: summaries[verdict.code ?? ''] ?? 'versions are not compatible',
    ...(verdict.remediation ? { detail: verdict.remediation } : {}),
    fix: fix(
      verdict.code === 'CLI_VERSION_INVALID'
        ? 'Reinstall svc'
        : range
          ? `Install a supported operator (${range})`
          : `Install an operator app ${verdict.cliMajorMinor}.x`,
      verdict.code === 'CLI_VERSION_INVALID' ? [manual('Reinstall svc from its release')] : setupStep(serial, pkg),
    ),
    evidence: {
      ...evidence,
      ...(range ? { supportedRange: range } : {}),
      ...(read.error ? { readError: read.error } : {}),
    },
  };
}

const DEV_OPTIONS_SCREEN = {
  screen: 'About phone',
  steps: ['Open Settings > About phone', 'Tap "Build number" seven times', 'Enter the screen lock if asked'],
};
const USB_DEBUGGING_SCREEN = {
  screen: 'Developer options',
  steps: ['Open Settings > System > Developer options', 'Turn on "USB debugging"'],
};

interface SettingSpec {
  id: string;
  key: string;
  code: string;
  name: string;
  guidance: { screen: string; steps: string[] };
}

const SETTINGS: SettingSpec[] = [
  {
    id: 'readiness.settings.dev_options',
    key: 'development_settings_enabled',
    code: 'DEVICE_DEV_OPTIONS_DISABLED',
    name: 'developer options',
    guidance: DEV_OPTIONS_SCREEN,
  },
  {
    id: 'readiness.settings.usb_debugging',
    key: 'adb_enabled',
    code: 'DEVICE_USB_DEBUGGING_DISABLED',
    name: 'USB debugging',
    guidance: USB_DEBUGGING_SCREEN,
  },
];

/** The two advisory checks: warn only, never critical (SPEC 4.6). */
export async function checkSettings(ctx: SvcContext, serial: string, pkg: string): Promise<CheckResult[]> {
  const again = manual(`svc doctor ${targetArgs(serial, pkg).join(' ')}`);
  return Promise.all(
    SETTINGS.map(async (spec): Promise<CheckResult> => {
      let value: string;
      try {
        value = (await ctx.adb.shell(serial, `settings get global ${quoteShellArg(spec.key)}`)).stdout.trim();
      } catch {
        value = 'unreadable';
      }
      const evidence = { [spec.key]: value };
      if (value === '1') return { id: spec.id, status: 'pass', summary: `${spec.name} enabled`, evidence };
      return {
        id: spec.id,
        status: 'warn',
        code: spec.code,
        summary: `${spec.name} disabled (${spec.key}=${value})`,
        fix: fix(`Enable ${spec.name}`, [adbShellStep(serial, ['settings', 'put', 'global', spec.key, '1']), again]),
        deviceGuidance: spec.guidance,
        evidence,
      };
    }),
  );
}
