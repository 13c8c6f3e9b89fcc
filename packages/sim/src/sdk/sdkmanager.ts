// Stand-in for `sdkmanager` (cmdline-tools): --list_installed, --install <package>, --licenses. Installing a system
// image asks for the licence on stdin the way the real tool does, and writes the image folder.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SDKMANAGER_HELP, SDKMANAGER_VERSION } from './help-texts.ts';
import { readFakeSdkConfig } from './read-config.ts';
import { imageDir, sdkRootOf } from './sdk-paths.ts';

const LICENCE_PROMPT = [
  '',
  '1 of 1 SDK package license not accepted.',
  'Review license that has not been accepted (y/N)? ',
].join('\n');

async function readAnswer(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  return (Buffer.concat(chunks).toString('utf8').split('\n')[0] ?? '').trim().toLowerCase();
}

function installedImages(root: string): string[] {
  const base = join(root, 'system-images');
  if (!existsSync(base)) return [];
  const ids: string[] = [];
  for (const api of readdirSync(base)) {
    for (const tag of readdirSync(join(base, api))) {
      for (const abi of readdirSync(join(base, api, tag))) ids.push(`system-images;${api};${tag};${abi}`);
    }
  }
  return ids.sort();
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(SDKMANAGER_HELP);
    return 0;
  }
  if (argv.includes('--version')) {
    process.stdout.write(SDKMANAGER_VERSION);
    return 0;
  }
  const root = sdkRootOf(process.env);
  const config = readFakeSdkConfig(root);
  if (argv.includes('--list_installed')) {
    process.stdout.write(
      'Installed packages:\n  Path | Version | Description | Location\n  ------- | ------- | ------- | -------\n',
    );
    for (const id of installedImages(root))
      process.stdout.write(`  ${id} | 9 | System Image | ${id.replaceAll(';', '/')}\n`);
    return 0;
  }
  const licences = join(root, 'licenses', 'android-sdk-license');
  const installIndex = argv.indexOf('--install');
  const packages = installIndex >= 0 ? argv.slice(installIndex + 1) : argv.filter((arg) => !arg.startsWith('-'));
  if (argv.includes('--licenses') || packages.length > 0) {
    if (!existsSync(licences)) {
      process.stdout.write(LICENCE_PROMPT);
      if ((await readAnswer()) !== 'y') {
        process.stdout.write('\nSkipping following packages as the license is not accepted:\n');
        return 1;
      }
      mkdirSync(join(root, 'licenses'), { recursive: true });
      writeFileSync(licences, '\n24333f8a63b6825ea9c5514f83c2829b004d1fee\n');
      process.stdout.write('\nAll SDK package licenses accepted\n');
    }
  }
  for (const id of packages) {
    if (!id.startsWith('system-images;') || id.split(';').length !== 4) {
      process.stderr.write(`Warning: Failed to find package '${id}'\n`);
      return 1;
    }
    if (config.failImageInstall) {
      process.stderr.write(`Warning: An error occurred while preparing SDK package ${id}: Not enough space.\n`);
      return 1;
    }
    process.stdout.write(`[=======================================] 100% Unzipping... ${id}\n`);
    const dir = imageDir(root, id);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'source.properties'), `Pkg.Desc=System Image\nPkg.Path=${id}\n`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
