// Build step: the Unicode keyboard's APKs that `svc keyboard install` pushes (Appium Settings, npm io.appium.settings,
// Apache-2.0: a published build from its npm package, with the package's LICENSE and NOTICE beside it), copied into
// dist/apks/ so that an installed svc, which has no node_modules of its own, carries them
// (packages/svc/src/toolbox/tools/keyboard-apk.ts finds them there).
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PACKAGES = ['io.appium.settings', 'io.appium.settings-api21'];

export function copyKeyboardApks(root: string, out: string): string[] {
  const require = createRequire(join(root, 'packages', 'svc', 'package.json'));
  mkdirSync(out, { recursive: true });
  const read: string[] = [];
  for (const npm of PACKAGES) {
    const dir = dirname(require.resolve(`${npm}/package.json`));
    const manifest = join(dir, 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const files: [string, string][] = [
      [join(dir, 'apks', 'settings_apk-debug.apk'), `${npm}.apk`],
      [join(dir, 'LICENSE'), `${npm}.LICENSE.txt`],
      [join(dir, 'NOTICE.txt'), `${npm}.NOTICE.txt`],
    ];
    for (const [from, to] of files) copyFileSync(from, join(out, to));
    writeFileSync(join(out, `${npm}.json`), `${JSON.stringify({ package: 'io.appium.settings', version })}\n`);
    read.push(manifest, ...files.map(([from]) => from));
  }
  return read;
}
