// Byte layouts of the sync protocol replies (AOSP adb/file_sync_protocol.h), all little-endian.
import type { FileStat } from './sync-files.ts';

export function syncId(id: string): number {
  return Buffer.from(id, 'latin1').readUInt32LE(0);
}

export const ID_STAT = syncId('STAT');
export const ID_STA2 = syncId('STA2');
export const ID_LST2 = syncId('LST2');
export const ID_LIST = syncId('LIST');
export const ID_LIS2 = syncId('LIS2');
export const ID_DENT = syncId('DENT');
export const ID_DNT2 = syncId('DNT2');
export const ID_SEND = syncId('SEND');
export const ID_RECV = syncId('RECV');
export const ID_DATA = syncId('DATA');
export const ID_DONE = syncId('DONE');
export const ID_OKAY = syncId('OKAY');
export const ID_FAIL = syncId('FAIL');
export const ID_QUIT = syncId('QUIT');

export const SYNC_DATA_MAX = 64 * 1024;

export function statV1(id: number, stat: FileStat | undefined): Buffer {
  const out = Buffer.alloc(16);
  out.writeUInt32LE(id, 0);
  out.writeUInt32LE(stat?.mode ?? 0, 4);
  out.writeUInt32LE(stat ? Math.min(stat.size, 0xffffffff) : 0, 8);
  out.writeUInt32LE(stat?.mtimeSec ?? 0, 12);
  return out;
}

/** sync_stat_v2 (72 bytes); with `name`, sync_dent_v2 (76 bytes + name). */
export function statV2(id: number, stat: FileStat | undefined, error: number, name?: Buffer): Buffer {
  const out = Buffer.alloc(name ? 76 : 72);
  out.writeUInt32LE(id, 0);
  out.writeUInt32LE(error, 4);
  if (stat) {
    out.writeBigUInt64LE(0xfd00n, 8); // dev
    out.writeBigUInt64LE(BigInt(inodeOf(stat)), 16);
    out.writeUInt32LE(stat.mode, 24);
    out.writeUInt32LE(1, 28); // nlink
    out.writeUInt32LE(2000, 32); // uid: shell
    out.writeUInt32LE(2000, 36); // gid: shell
    out.writeBigUInt64LE(BigInt(stat.size), 40);
    out.writeBigInt64LE(BigInt(stat.mtimeSec), 48);
    out.writeBigInt64LE(BigInt(stat.mtimeSec), 56);
    out.writeBigInt64LE(BigInt(stat.mtimeSec), 64);
  }
  if (!name) return out;
  out.writeUInt32LE(name.length, 72);
  return Buffer.concat([out, name]);
}

export function dentV1(stat: FileStat, name: Buffer): Buffer {
  const out = Buffer.alloc(20);
  out.writeUInt32LE(ID_DENT, 0);
  out.writeUInt32LE(stat.mode, 4);
  out.writeUInt32LE(Math.min(stat.size, 0xffffffff), 8);
  out.writeUInt32LE(stat.mtimeSec, 12);
  out.writeUInt32LE(name.length, 16);
  return Buffer.concat([out, name]);
}

/** DATA/DONE/OKAY/FAIL: id, a u32, then optional bytes. */
export function status(id: number, value: number, bytes?: Uint8Array): Buffer {
  const out = Buffer.alloc(8);
  out.writeUInt32LE(id, 0);
  out.writeUInt32LE(value, 4);
  return bytes ? Buffer.concat([out, bytes]) : out;
}

export function fail(message: string): Buffer {
  const bytes = Buffer.from(message, 'utf8');
  return status(ID_FAIL, bytes.length, bytes);
}

let nextInode = 1000;
const inodes = new WeakMap<FileStat, number>();
function inodeOf(stat: FileStat): number {
  let inode = inodes.get(stat);
  if (inode === undefined) {
    inode = nextInode++;
    inodes.set(stat, inode);
  }
  return inode;
}
