// Where svc finds the Unicode keyboard's APK (Appium Settings, npm io.appium.settings, Apache-2.0; its NOTICE and
// LICENSE travel with it). Two builds: the current one asks for API 26 or later (io.appium.settings 7.0 raised its
// minSdkVersion to 26, appium/io.appium.settings#243); 6.0.8, the last release built for API 21, serves Android 5
// to 7.1 (npm alias io.appium.settings-api21). An installed svc carries both in dist/apks/ (scripts/build.ts
// copies them there); run from the sources, they are read from the npm packages.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT, RUNNING_FROM_BUNDLE } from '../../core/package-root.ts';

/** The npm packages holding the APKs, newest first, with the lowest API level each runs on. */
export const KEYBOARD_APKS = [
  { npm: 'io.appium.settings', minSdk: 26 },
  { npm: 'io.appium.settings-api21', minSdk: 21 },
] as const;

/** Inside an npm package: the debug build the package ships (its only APK). */
const APK_IN_PACKAGE = join('apks', 'settings_apk-debug.apk');

export interface KeyboardApk {
  path: string;
  /** The package's version (the APK's versionName). */
  version: string;
}

/** dist/apks/<npm name>.apk and .json ({ version }) in an installed svc. */
export const bundledApkPath = (npm: string) => join(PACKAGE_ROOT, 'dist', 'apks', `${npm}.apk`);

function fromBundle(npm: string): KeyboardApk | undefined {
  const path = bundledApkPath(npm);
  const meta = path.replace(/\.apk$/, '.json');
  if (!existsSync(path) || !existsSync(meta)) return undefined;
  return { path, version: (JSON.parse(readFileSync(meta, 'utf8')) as { version: string }).version };
}

/** The directory of an npm package svc depends on (the APK packages have no exports map). */
export function npmPackageDir(npm: string): string {
  return dirname(createRequire(join(PACKAGE_ROOT, 'package.json')).resolve(`${npm}/package.json`));
}

function fromSources(npm: string): KeyboardApk | undefined {
  try {
    const dir = npmPackageDir(npm);
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    const path = join(dir, APK_IN_PACKAGE);
    return existsSync(path) ? { path, version } : undefined;
  } catch {
    return undefined;
  }
}

/** The APK for a device of this API level, or undefined when svc has none for it (below API 21). */
export function keyboardApkFor(sdk: number): KeyboardApk | undefined {
  const choice = KEYBOARD_APKS.find((apk) => sdk >= apk.minSdk);
  if (choice === undefined) return undefined;
  return RUNNING_FROM_BUNDLE ? fromBundle(choice.npm) : (fromSources(choice.npm) ?? fromBundle(choice.npm));
}

export const APK_IN_NPM_PACKAGE = APK_IN_PACKAGE;
