// `mv`, `cp`, `mkdir`, `chmod` and `touch` as Android's toybox (Android 10+) runs them on the device's files, with
// its messages (landley/toybox @cb5b0dee: toys/posix/cp.c, which is mv too: a missing source is
// `bad '<src>': No such file or directory`, `Needs 2 arguments`, `'<dest>' not directory`, `Skipped dir '<src>'`
// without -r; toys/posix/mkdir.c and touch.c: `'<path>': <strerror>`; toys/posix/chmod.c with lib/lib.c
// string_to_mode: `bad mode '<mode>'`, a missing file named by lib/dirtree.c: `<path>: No such file or directory`).
// Each message is prefixed with the command's name, and the command exits 1 after any of them.
import { isDirectory, normalizePath } from '../../adbd/sync/sync-files.ts';
import { madeDirectories } from '../../device/made-directories.ts';
import type { DeviceApi, ShellCommand, ShellIO } from '../../device/types.ts';

const ENOENT = 'No such file or directory';
const isFlag = (a: string) => /^-[a-zA-Z]+$/.test(a);
const flagsOf = (argv: readonly string[]) => argv.filter(isFlag).join('');
const operands = (argv: readonly string[]) => argv.filter((a) => !isFlag(a));
const parentOf = (key: string) => key.slice(0, key.lastIndexOf('/')) || '/';
const baseName = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const now = (device: DeviceApi) => Math.floor(device.now() / 1000);

async function complain(io: ShellIO, name: string, message: string): Promise<1> {
  await io.writeStderr(`${name}: ${message}\n`);
  return 1;
}

/** Every file under `key` (itself when a file), as [path, relative suffix]. */
function tree(device: DeviceApi, key: string): [string, string][] {
  if (device.files.has(key)) return [[key, '']];
  return [...device.files.keys()].filter((f) => f.startsWith(`${key}/`)).map((f) => [f, f.slice(key.length)]);
}

/** cp and mv: `cmd [-r] SOURCE... DEST`; into DEST when it is a directory (several sources need one). */
async function copyOrMove(argv: readonly string[], io: ShellIO, device: DeviceApi, move: boolean): Promise<number> {
  const name = move ? 'mv' : 'cp';
  const recursive = move || /[rRa]/.test(flagsOf(argv));
  const paths = operands(argv);
  if (paths.length < 2) return complain(io, name, 'Needs 2 arguments');
  const dest = paths.at(-1) as string;
  const destKey = normalizePath(dest);
  const intoDir = isDirectory(device, destKey);
  if (paths.length > 2 && !intoDir) return complain(io, name, `'${dest}' not directory`);
  let status = 0;
  for (const src of paths.slice(0, -1)) {
    const srcKey = normalizePath(src);
    const dir = !device.files.has(srcKey) && isDirectory(device, srcKey);
    if (!dir && !device.files.has(srcKey)) {
      status = await complain(io, name, `bad '${src}': ${ENOENT}`);
      continue;
    }
    if (dir && !recursive) {
      status = await complain(io, name, `Skipped dir '${src}'`);
      continue;
    }
    const target = intoDir ? normalizePath(`${destKey}/${baseName(srcKey)}`) : destKey;
    if (!isDirectory(device, parentOf(target))) {
      status = await complain(io, name, `'${dest}': ${ENOENT}`);
      continue;
    }
    for (const [from, suffix] of tree(device, srcKey)) {
      const file = device.files.get(from)!;
      device.files.set(`${target}${suffix}`, move ? file : { ...file, data: file.data.slice(), mtimeSec: now(device) });
      if (move) device.files.delete(from);
    }
    if (dir) {
      // Empty directories inside go along (and leave the source when moved).
      const dirs = madeDirectories(device);
      for (const made of [...dirs].filter((d) => d === srcKey || d.startsWith(`${srcKey}/`))) {
        dirs.add(`${target}${made.slice(srcKey.length)}`);
        if (move) dirs.delete(made);
      }
      dirs.add(target);
    }
  }
  return status;
}

export const cp: ShellCommand = (argv, io, device) => copyOrMove(argv, io, device, false);
export const mv: ShellCommand = (argv, io, device) => copyOrMove(argv, io, device, true);

export const mkdir: ShellCommand = async (argv, io, device) => {
  const parents = flagsOf(argv).includes('p');
  const paths = argv.filter((a, i) => !isFlag(a) && argv[i - 1] !== '-m');
  if (paths.length === 0) return complain(io, 'mkdir', 'Needs 1 argument');
  let status = 0;
  for (const path of paths) {
    const key = normalizePath(path);
    if (device.files.has(key) || (isDirectory(device, key) && !parents)) {
      status = await complain(io, 'mkdir', `'${path}': File exists`);
    } else if (!parents && !isDirectory(device, parentOf(key))) {
      status = await complain(io, 'mkdir', `'${path}': ${ENOENT}`);
    } else {
      for (let k = key; k !== '/' && !isDirectory(device, k); k = parentOf(k)) madeDirectories(device).add(k);
    }
  }
  return status;
};

/** Octal modes only (what scripts send to a phone): anything else is toybox's `bad mode`. */
export const chmod: ShellCommand = async (argv, io, device) => {
  const [mode, ...paths] = operands(argv);
  if (mode === undefined || paths.length === 0) return complain(io, 'chmod', 'Needs 2 arguments');
  if (!/^[0-7]{1,4}$/.test(mode)) return complain(io, 'chmod', `bad mode '${mode}'`);
  let status = 0;
  for (const path of paths) {
    const key = normalizePath(path);
    const file = device.files.get(key);
    if (file) file.mode = (file.mode & ~0o7777) | Number.parseInt(mode, 8);
    else if (!isDirectory(device, key)) status = await complain(io, 'chmod', `${path}: ${ENOENT}`);
  }
  return status;
};

export const touch: ShellCommand = async (argv, io, device) => {
  const paths = operands(argv);
  if (paths.length === 0) return complain(io, 'touch', 'Needs 1 argument');
  let status = 0;
  for (const path of paths) {
    const key = normalizePath(path);
    const file = device.files.get(key);
    if (file) file.mtimeSec = now(device);
    else if (isDirectory(device, key)) continue;
    else if (!isDirectory(device, parentOf(key))) status = await complain(io, 'touch', `'${path}': ${ENOENT}`);
    else device.files.set(key, { data: new Uint8Array(), mode: 0o100666, mtimeSec: now(device) });
  }
  return status;
};
