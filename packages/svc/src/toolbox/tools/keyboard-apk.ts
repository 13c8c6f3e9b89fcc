// Where svc finds the Unicode keyboard's APK (Appium Settings, npm io.appium.settings, Apache-2.0; its NOTICE and
// LICENSE travel with it). Two builds: the current one asks for API 26 or later (io.appium.settings 7.0 raised its
// minSdkVersion to 26, appium/io.appium.settings#243); 6.0.8, the last release built for API 21, serves Android 5
// to 7.1 (npm alias io.appium.settings-api21). An installed svc carries both in dist/apks/ (scripts/build.ts
// copies them there); run from the sources, they are read from the npm packages. Either way the bytes are checked
// against the SHA-256 recorded here before they go to a phone: the build refuses an npm package whose APK differs
// (scripts/build-keyboard-apks.ts), and `keyboard install` refuses a file changed since.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT, RUNNING_FROM_BUNDLE } from '../../core/package-root.ts';

/**
 * The npm packages holding the APKs, newest first, with the lowest API level each runs on and the SHA-256 of the APK
 * svc ships (io.appium.settings 8.0.10 and 6.0.8; a new version of either needs its digest recorded here).
 */
export const KEYBOARD_APKS = [
  { npm: 'io.appium.settings', minSdk: 26, sha256: '4c5d60ab5ae56502857dc625e1dde2996fa6d9e64c479bbce59214774e2129dd' },
  {
    npm: 'io.appium.settings-api21',
    minSdk: 21,
    sha256: '1acbddfa00affda8c7c917679283add2b678310d8d65c363f3c4b1a21b281a66',
  },
] as const;

/** Inside an npm package: the debug build the package ships (its only APK). */
const APK_IN_PACKAGE = join('apks', 'settings_apk-debug.apk');

export interface KeyboardApk {
  path: string;
  /** The package's version (the APK's versionName). */
  version: string;
  /** The SHA-256 its bytes must have. */
  sha256: string;
}

/** True when `bytes` are the APK svc shipped for `apk`. */
export function isShippedApk(apk: Pick<KeyboardApk, 'sha256'>, bytes: Uint8Array): boolean {
  return createHash('sha256').update(bytes).digest('hex') === apk.sha256;
}

/** dist/apks/<npm name>.apk and .json ({ version }) in an installed svc. */
export const bundledApkPath = (npm: string) => join(PACKAGE_ROOT, 'dist', 'apks', `${npm}.apk`);

function fromBundle(npm: string, sha256: string): KeyboardApk | undefined {
  const path = bundledApkPath(npm);
  const meta = path.replace(/\.apk$/, '.json');
  if (!existsSync(path) || !existsSync(meta)) return undefined;
  return { path, version: (JSON.parse(readFileSync(meta, 'utf8')) as { version: string }).version, sha256 };
}

/** The directory of an npm package svc depends on (the APK packages have no exports map). */
export function npmPackageDir(npm: string): string {
  return dirname(createRequire(join(PACKAGE_ROOT, 'package.json')).resolve(`${npm}/package.json`));
}

function fromSources(npm: string, sha256: string): KeyboardApk | undefined {
  try {
    const dir = npmPackageDir(npm);
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    const path = join(dir, APK_IN_PACKAGE);
    return existsSync(path) ? { path, version, sha256 } : undefined;
  } catch {
    return undefined;
  }
}

/** The APK for a device of this API level, or undefined when svc has none for it (below API 21). */
export function keyboardApkFor(sdk: number): KeyboardApk | undefined {
  const choice = KEYBOARD_APKS.find((apk) => sdk >= apk.minSdk);
  if (choice === undefined) return undefined;
  const { npm, sha256 } = choice;
  return RUNNING_FROM_BUNDLE ? fromBundle(npm, sha256) : (fromSources(npm, sha256) ?? fromBundle(npm, sha256));
}
