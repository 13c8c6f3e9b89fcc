// The device's file tree as the sync service sees it: regular files live in DeviceApi.files (flat map of absolute
// paths); directories are the well-known Android ones plus every parent of a file.
import { madeDirectories } from '../../device/made-directories.ts';
import type { DeviceApi } from '../../device/types.ts';

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;
const S_IFMT = 0o170000;
export const ENOENT = 2;

const BASE_DIRECTORIES = [
  '/',
  '/data',
  '/data/local',
  '/data/local/tmp',
  '/data/app',
  '/sdcard',
  '/storage',
  '/storage/emulated',
  '/storage/emulated/0',
  '/system',
  '/system/bin',
  '/vendor',
  '/product',
  '/apex',
  '/dev',
  '/proc',
  '/mnt',
  '/cache',
  '/etc',
];

export interface FileStat {
  readonly mode: number;
  readonly size: number;
  readonly mtimeSec: number;
}

export function normalizePath(path: string): string {
  const collapsed = `/${path}`.replace(/\/+/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/$/, '') : collapsed;
}

export function isDirectory(device: DeviceApi, path: string): boolean {
  const normalized = normalizePath(path);
  if (BASE_DIRECTORIES.includes(normalized) || madeDirectories(device).has(normalized)) return true;
  const prefix = normalized === '/' ? '/' : `${normalized}/`;
  for (const file of device.files.keys()) if (file.startsWith(prefix)) return true;
  return false;
}

export function statPath(device: DeviceApi, path: string): FileStat | undefined {
  const normalized = normalizePath(path);
  const file = device.files.get(normalized);
  if (file) {
    const mode = (file.mode & S_IFMT) === 0 ? S_IFREG | (file.mode & 0o7777) : file.mode;
    return { mode, size: file.data.length, mtimeSec: file.mtimeSec };
  }
  if (isDirectory(device, normalized)) return { mode: S_IFDIR | 0o771, size: 4096, mtimeSec: bootTimeSec };
  return undefined;
}

/** Immediate children of a directory: name and stat. */
export function listDirectory(device: DeviceApi, path: string): Array<{ name: string; stat: FileStat }> {
  const dir = normalizePath(path);
  const prefix = dir === '/' ? '/' : `${dir}/`;
  const names = new Set<string>();
  for (const candidate of [...BASE_DIRECTORIES, ...device.files.keys()]) {
    if (!candidate.startsWith(prefix) || candidate === dir) continue;
    const name = candidate.slice(prefix.length).split('/')[0];
    if (name) names.add(name);
  }
  return [...names].sort().map((name) => ({ name, stat: statPath(device, prefix + name)! }));
}

const bootTimeSec = Math.floor(Date.now() / 1000);
