// What the simulator accepts as an APK, and the package manager's install rules. An "APK" is a file whose first line
// is a JSON manifest `{"svcSimApk":1,"package":...}`; anything after the first newline is padding (so tests can
// install big files). See packages/sim/README.md.
import type { DeviceApi, InstalledPackage } from './types.ts';

export interface ApkManifest {
  svcSimApk: 1;
  package: string;
  versionName: string;
  versionCode: number;
  /** `<pkg>/<class>` or `.Class`; absent = no launcher icon (monkey aborts, `am start` has nothing to start). */
  launcherActivity?: string;
  activities?: string[];
  minSdk?: number;
  targetSdk?: number;
  /** Signing identity; an update signed differently fails as on Android. */
  signature?: string;
  /** Runtime permissions the app requests (`pm grant` refuses others); absent = any. */
  permissions?: string[];
  /** Simulate a failing install: `INSTALL_FAILED_...` (optionally `: message`), printed as `Failure [<fail>]`. */
  fail?: string;
  /** Input methods the app provides (`pkg/.Service`), as `ime list -a` lists them once it is installed. */
  inputMethods?: string[];
}

export type InstallOutcome = { ok: true; pkg: InstalledPackage } | { ok: false; failure: string };

const PACKAGE_NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** The manifest inside `bytes`, or undefined when it is not a simulator APK. */
export function parseApk(bytes: Uint8Array): ApkManifest | undefined {
  const end = bytes.indexOf(0x0a);
  const head = bytes.subarray(0, end < 0 ? Math.min(bytes.length, 65536) : end);
  if (head[0] !== 0x7b) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(head));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Partial<ApkManifest>;
  if (m.svcSimApk !== 1 || typeof m.package !== 'string' || !PACKAGE_NAME.test(m.package)) return undefined;
  if (typeof m.versionCode !== 'number' || !Number.isInteger(m.versionCode) || m.versionCode < 0) return undefined;
  return {
    ...m,
    versionName: typeof m.versionName === 'string' ? m.versionName : String(m.versionCode),
  } as ApkManifest;
}

/** Builds the bytes of a simulator APK (tests, the fake SDK, docs). `padToBytes` appends filler after a newline. */
export function buildApk(manifest: Omit<ApkManifest, 'svcSimApk'>, padToBytes = 0): Uint8Array {
  const head = new TextEncoder().encode(`${JSON.stringify({ svcSimApk: 1, ...manifest })}\n`);
  const out = new Uint8Array(Math.max(head.length, padToBytes));
  out.set(head);
  for (let i = head.length; i < out.length; i++) out[i] = i & 0xff;
  return out;
}

function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

function fullActivity(pkg: string, activity: string): string {
  if (activity.includes('/')) return activity;
  return `${pkg}/${activity}`;
}

export interface InstallOptions {
  /** `-d`: allow a lower versionCode. */
  allowDowngrade?: boolean;
  /** `-g`: grant every requested runtime permission. */
  grantAll?: boolean;
}

/** Installs (or updates) an app from APK bytes, applying Android's checks; failure strings are `Failure [...]` bodies. */
export function installApk(
  device: DeviceApi,
  bytes: Uint8Array,
  options: InstallOptions = {},
  manifest: ApkManifest | undefined = parseApk(bytes),
): InstallOutcome {
  const staging = `/data/app/vmdl${1000000 + Math.floor(Math.random() * 8999999)}.tmp/base.apk`;
  if (!manifest) {
    return {
      ok: false,
      failure: `INSTALL_PARSE_FAILED_NOT_APK: Failed to parse ${staging}: Failed to load asset path ${staging}`,
    };
  }
  if (manifest.fail) return { ok: false, failure: manifest.fail };
  const sdk = Number(device.props.get('ro.build.version.sdk') ?? 35);
  if (manifest.minSdk !== undefined && manifest.minSdk > sdk) {
    return {
      ok: false,
      failure:
        `INSTALL_FAILED_OLDER_SDK: Failed parse during installPackageLI: ${staging} (at Binary XML file line #7): ` +
        `Requires newer sdk version #${manifest.minSdk} (current version is #${sdk})`,
    };
  }
  const existing = device.packages.get(manifest.package);
  const signature = manifest.signature ?? 'svc-sim-debug';
  if (existing && (existing.signature ?? 'svc-sim-debug') !== signature) {
    return {
      ok: false,
      failure: `INSTALL_FAILED_UPDATE_INCOMPATIBLE: Existing package ${manifest.package} signatures do not match newer version; ignoring!`,
    };
  }
  if (existing && manifest.versionCode < existing.versionCode && !options.allowDowngrade) {
    return {
      ok: false,
      failure: `INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code ${manifest.versionCode} is older than current ${existing.versionCode}`,
    };
  }
  const pkg: InstalledPackage = {
    name: manifest.package,
    versionName: manifest.versionName,
    versionCode: manifest.versionCode,
    ...(manifest.launcherActivity
      ? { launcherActivity: fullActivity(manifest.package, manifest.launcherActivity) }
      : {}),
    ...(manifest.activities ? { activities: manifest.activities.map((a) => fullActivity(manifest.package, a)) } : {}),
    thirdParty: existing ? existing.thirdParty : true,
    apkPath: `/data/app/~~${randomToken(22)}==/${manifest.package}-${randomToken(22)}==/base.apk`,
    minSdk: manifest.minSdk ?? 24,
    targetSdk: manifest.targetSdk ?? sdk,
    signature,
    ...(manifest.inputMethods ? { inputMethods: [...manifest.inputMethods] } : {}),
    grantedPermissions: options.grantAll
      ? [...(manifest.permissions ?? [])]
      : [...(existing?.grantedPermissions ?? [])],
  };
  requested.set(pkg, manifest.permissions);
  if (device.installPackage) device.installPackage(pkg);
  else device.packages.set(pkg.name, pkg);
  return { ok: true, pkg };
}

const requested = new WeakMap<InstalledPackage, string[] | undefined>();

/** The permissions an installed app requested, when its manifest listed them. */
export function requestedPermissions(pkg: InstalledPackage): string[] | undefined {
  return requested.get(pkg);
}
