/// <reference path="./adbkit-apkreader.d.ts" />
// Real APKs (a zip holding a binary AndroidManifest.xml), such as the Appium Settings APK that `svc keyboard install`
// pushes: read with @devicefarmer/adbkit-apkreader, so the package manager installs them as it installs the
// simulator's own JSON APKs (apk.ts), with their input methods (services that hold BIND_INPUT_METHOD and answer
// android.view.InputMethod: how the system finds keyboards, AOSP InputMethodManagerService).
import ApkReader from '@devicefarmer/adbkit-apkreader';
import type { ApkManifest } from './apk.ts';

interface IntentFilter {
  actions?: { name: string }[];
  categories?: { name: string }[];
}

interface Component {
  name: string;
  permission?: string;
  intentFilters?: IntentFilter[];
}

interface Manifest {
  package: string;
  versionCode: number;
  versionName?: string;
  usesPermissions?: { name?: string }[];
  usesSdk?: { minSdkVersion?: number; targetSdkVersion?: number };
  application?: { activities?: Component[]; services?: Component[]; activityAliases?: Component[] };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => bytes[i] === b);
}

/** `pkg/.Class` for a class inside the package, `pkg/full.Class` otherwise (ComponentName.flattenToShortString). */
function shortComponent(pkg: string, name: string): string {
  const full = name.startsWith('.') ? `${pkg}${name}` : name;
  return full.startsWith(`${pkg}.`) ? `${pkg}/${full.slice(pkg.length)}` : `${pkg}/${full}`;
}

const answers = (c: Component, action: string, category?: string) =>
  (c.intentFilters ?? []).some(
    (f) =>
      (f.actions ?? []).some((a) => a.name === action) &&
      (category === undefined || (f.categories ?? []).some((k) => k.name === category)),
  );

/** The manifest of a real APK, or undefined when the bytes are no APK it can read. */
export async function readRealApk(bytes: Uint8Array): Promise<ApkManifest | undefined> {
  if (!isZip(bytes)) return undefined;
  let manifest: Manifest;
  try {
    const reader = await ApkReader.open(Buffer.from(bytes));
    manifest = (await reader.readManifest()) as Manifest;
  } catch {
    return undefined;
  }
  const pkg = manifest.package;
  const app = manifest.application ?? {};
  const launcher = [...(app.activities ?? []), ...(app.activityAliases ?? [])].find((a) =>
    answers(a, 'android.intent.action.MAIN', 'android.intent.category.LAUNCHER'),
  );
  const inputMethods = (app.services ?? [])
    .filter((s) => s.permission === 'android.permission.BIND_INPUT_METHOD' && answers(s, 'android.view.InputMethod'))
    .map((s) => shortComponent(pkg, s.name));
  return {
    svcSimApk: 1,
    package: pkg,
    versionName: manifest.versionName ?? String(manifest.versionCode),
    versionCode: manifest.versionCode,
    ...(launcher ? { launcherActivity: shortComponent(pkg, launcher.name) } : {}),
    ...(manifest.usesSdk?.minSdkVersion === undefined ? {} : { minSdk: manifest.usesSdk.minSdkVersion }),
    ...(manifest.usesSdk?.targetSdkVersion === undefined ? {} : { targetSdk: manifest.usesSdk.targetSdkVersion }),
    signature: `apk:${pkg}`,
    // `pm grant` refuses a permission the app does not request (AOSP PermissionManagerService.grantRuntimePermission).
    permissions: (manifest.usesPermissions ?? []).flatMap((p) => (p.name === undefined ? [] : [p.name])),
    ...(inputMethods.length > 0 ? { inputMethods } : {}),
  };
}
