// Build step: the Unicode keyboard's APKs that `svc keyboard install` pushes (Appium Settings, npm io.appium.settings,
// Apache-2.0: a published build from its npm package, with the package's LICENSE and NOTICE beside it), copied into
// dist/apks/ so that an installed svc, which has no node_modules of its own, carries them
// (packages/svc/src/toolbox/tools/keyboard-apk.ts finds them there). Each APK must have the SHA-256 recorded in
// KEYBOARD_APKS, else the build stops: svc never ships (and `keyboard install` never installs) other bytes. The
// digest is written beside it too.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { KEYBOARD_APKS } from '../packages/svc/src/toolbox/tools/keyboard-apk.ts';

export function copyKeyboardApks(root: string, out: string): string[] {
  const require = createRequire(join(root, 'packages', 'svc', 'package.json'));
  mkdirSync(out, { recursive: true });
  const read: string[] = [];
  for (const { npm, sha256: recorded } of KEYBOARD_APKS) {
    const dir = dirname(require.resolve(`${npm}/package.json`));
    const apk = join(dir, 'apks', 'settings_apk-debug.apk');
    const sha256 = createHash('sha256').update(readFileSync(apk)).digest('hex');
    if (sha256 !== recorded) {
      throw new Error(`${apk}: SHA-256 ${sha256} is not the ${recorded} recorded in KEYBOARD_APKS (keyboard-apk.ts)`);
    }
    const manifest = join(dir, 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const files: [string, string][] = [
      [apk, `${npm}.apk`],
      [join(dir, 'LICENSE'), `${npm}.LICENSE.txt`],
      [join(dir, 'NOTICE.txt'), `${npm}.NOTICE.txt`],
    ];
    for (const [from, to] of files) copyFileSync(from, join(out, to));
    writeFileSync(join(out, `${npm}.json`), `${JSON.stringify({ package: 'io.appium.settings', version, sha256 })}\n`);
    read.push(manifest, ...files.map(([from]) => from));
  }
  return read;
}
