// Stand-in for `avdmanager`: create avd / delete avd / list avd, writing the same two files the real tool writes.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AVDMANAGER_HELP } from './help-texts.ts';
import { avdHomeOf, imageDir, sdkRootOf } from './sdk-paths.ts';

function option(argv: string[], short: string, long: string): string | undefined {
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === short || argv[i] === long) return argv[i + 1];
  }
  return undefined;
}

function create(argv: string[]): number {
  const name = option(argv, '-n', '--name');
  const image = option(argv, '-k', '--package');
  const device = option(argv, '-d', '--device') ?? 'pixel_7';
  if (!name || !image) {
    process.stderr.write("Error: The parameters --name, --package must be defined for action 'create avd'\n");
    return 1;
  }
  const root = sdkRootOf(process.env);
  if (!existsSync(imageDir(root, image))) {
    process.stderr.write(`Error: Package path is not valid. Valid system image paths are:\nnull\n`);
    return 1;
  }
  const home = avdHomeOf(process.env);
  const avdDir = join(home, `${name}.avd`);
  if (existsSync(avdDir) && !argv.includes('--force') && !argv.includes('-f')) {
    process.stderr.write(
      `Error: Android Virtual Device '${name}' already exists.\nUse --force if you want to replace it.\n`,
    );
    return 1;
  }
  const [, api = '', tag = '', abi = ''] = image.split(';');
  mkdirSync(avdDir, { recursive: true });
  const playStore = tag === 'google_apis_playstore';
  writeFileSync(
    join(avdDir, 'config.ini'),
    [
      `PlayStore.enabled=${playStore}`,
      `abi.type=${abi}`,
      'avd.ini.encoding=UTF-8',
      `hw.cpu.arch=${abi.startsWith('arm64') ? 'arm64' : abi}`,
      `hw.device.name=${device}`,
      'hw.device.manufacturer=Google',
      `image.sysdir.1=${image.split(';').join('/')}/`,
      `tag.id=${tag}`,
      `target=${api}`,
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(home, `${name}.ini`),
    `avd.ini.encoding=UTF-8\npath=${avdDir}\npath.rel=avd/${name}.avd\ntarget=${api}\n`,
  );
  return 0;
}

function remove(argv: string[]): number {
  const name = option(argv, '-n', '--name');
  const home = avdHomeOf(process.env);
  if (!name || !existsSync(join(home, `${name}.ini`))) {
    process.stderr.write(`Error: There is no Android Virtual Device named '${name ?? ''}'.\n`);
    return 1;
  }
  process.stdout.write(`Deleting file ${join(home, `${name}.ini`)}\nDeleting folder ${join(home, `${name}.avd`)}\n\n`);
  rmSync(join(home, `${name}.avd`), { recursive: true, force: true });
  rmSync(join(home, `${name}.ini`), { force: true });
  process.stdout.write(`AVD '${name}' deleted.\n`);
  return 0;
}

function list(): number {
  const home = avdHomeOf(process.env);
  const names = existsSync(home) ? readdirSync(home).filter((f) => f.endsWith('.ini')) : [];
  process.stdout.write('Available Android Virtual Devices:\n');
  for (const file of names) process.stdout.write(`    Name: ${file.slice(0, -4)}\n---------\n`);
  return 0;
}

const argv = process.argv.slice(2);
const [verb, noun] = argv;
if (argv.includes('-h') || argv.includes('--help')) {
  process.stdout.write(AVDMANAGER_HELP);
} else if (verb === 'create' && noun === 'avd') process.exitCode = create(argv.slice(2));
else if (verb === 'delete' && noun === 'avd') process.exitCode = remove(argv.slice(2));
else if (verb === 'list' && (noun === 'avd' || noun === undefined)) process.exitCode = list();
else {
  process.stderr.write(
    '\nUsage:\n      avdmanager [global options] [action] [action options]\n\nError: Invalid or missing action.\n',
  );
  process.exitCode = 1;
}
