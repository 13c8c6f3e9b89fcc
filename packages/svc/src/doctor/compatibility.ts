// CLI ⇄ operator compatibility. svc's own operator (released with svc): compatible when major.minor are equal; a
// `-d` / `-dev` suffix (or any other semver pre-release/build part) of the operator version does not count. The
// published Clawperator operator: compatible inside svc's supported range of its versions (0.5.0–0.5.3, whose
// operator code svc follows). Pure.
import { apkAdvice, inSupportedRange, supportedRange } from '../contracts/operator-apk.ts';

export type CompatCode =
  | 'VERSION_INCOMPATIBLE'
  | 'APK_VERSION_UNREADABLE'
  | 'APK_VERSION_INVALID'
  | 'CLI_VERSION_INVALID';

export interface Compatibility {
  compatible: boolean;
  code?: CompatCode;
  cliVersion: string;
  apkVersion?: string;
  apkVersionCode?: number;
  /** `X.Y` of each side, when parseable. */
  cliMajorMinor?: string;
  apkMajorMinor?: string;
  /** One sentence the user can act on, when not compatible. */
  remediation?: string;
  /** The versions svc supports for this operator (`0.5.0–0.5.3`), when it is the published one. */
  supportedRange?: string;
}

const SEMVER = /^v?(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export function majorMinor(version: string): string | undefined {
  const m = SEMVER.exec(version.trim());
  return m ? `${Number(m[1])}.${Number(m[2])}` : undefined;
}

/** `dumpsys package <pkg>` output → versionName / versionCode of that package's section (first of each). */
export function parseDumpsysVersion(stdout: string): { versionName?: string; versionCode?: number } {
  const name = /^\s+versionName=(.*)$/m.exec(stdout)?.[1]?.trim();
  const code = /^\s+versionCode=(\d+)/m.exec(stdout)?.[1];
  return {
    ...(name ? { versionName: name } : {}),
    ...(code === undefined ? {} : { versionCode: Number(code) }),
  };
}

export function checkCompatibility(input: {
  cliVersion: string;
  apkVersion: string | undefined;
  apkVersionCode?: number | undefined;
  operatorPackage: string;
}): Compatibility {
  const { cliVersion, apkVersion, operatorPackage } = input;
  const base: Compatibility = {
    compatible: false,
    cliVersion,
    ...(apkVersion === undefined ? {} : { apkVersion }),
    ...(input.apkVersionCode === undefined ? {} : { apkVersionCode: input.apkVersionCode }),
  };
  const cli = majorMinor(cliVersion);
  if (cli === undefined) {
    return {
      ...base,
      code: 'CLI_VERSION_INVALID',
      remediation: `The CLI version "${cliVersion}" is not semantic (X.Y.Z); reinstall svc.`,
    };
  }
  base.cliMajorMinor = cli;
  const range = supportedRange(operatorPackage);
  if (range !== undefined) return rangeVerdict({ ...base, supportedRange: range }, apkVersion, operatorPackage);
  const install = `install an operator app ${cli}.x for ${operatorPackage} with \`svc operator setup --apk <path>\`, or use the published operator: ${apkAdvice()}`;
  if (apkVersion === undefined || apkVersion.trim() === '') {
    return {
      ...base,
      code: 'APK_VERSION_UNREADABLE',
      remediation: `The operator version could not be read; ${install}.`,
    };
  }
  const apk = majorMinor(apkVersion);
  if (apk === undefined) {
    return {
      ...base,
      code: 'APK_VERSION_INVALID',
      remediation: `The operator version "${apkVersion}" is not semantic (X.Y.Z); ${install}.`,
    };
  }
  base.apkMajorMinor = apk;
  if (apk !== cli) {
    return {
      ...base,
      code: 'VERSION_INCOMPATIBLE',
      remediation: `CLI ${cli} and operator ${apk} differ in major.minor; ${install} (or install svc ${apk}.x).`,
    };
  }
  return { ...base, compatible: true };
}

/** A published operator: its versionName inside svc's supported range of it. */
function rangeVerdict(base: Compatibility, apkVersion: string | undefined, pkg: string): Compatibility {
  const range = base.supportedRange as string;
  const install = apkAdvice(pkg);
  if (apkVersion === undefined || apkVersion.trim() === '') {
    return {
      ...base,
      code: 'APK_VERSION_UNREADABLE',
      remediation: `The operator version could not be read; ${install}.`,
    };
  }
  const apk = majorMinor(apkVersion);
  if (apk !== undefined) base.apkMajorMinor = apk;
  const verdict = inSupportedRange(pkg, apkVersion);
  if (verdict === 'invalid') {
    return {
      ...base,
      code: 'APK_VERSION_INVALID',
      remediation: `The operator version "${apkVersion}" is not X.Y.Z; ${install}.`,
    };
  }
  if (verdict === 'out') {
    return {
      ...base,
      code: 'VERSION_INCOMPATIBLE',
      remediation: `Operator ${apkVersion} is outside the versions svc supports (${range}); ${install}.`,
    };
  }
  return { ...base, compatible: true };
}
