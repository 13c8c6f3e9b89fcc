// Unguessable ids without loading node:crypto in a cold CLI (~3 ms): 12 bytes of the kernel's random source read
// through node:fs, which is loaded anyway (~0.04 ms); node:crypto where there is no /dev/urandom (Windows).
import { closeSync, openSync, readSync } from 'node:fs';

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  try {
    const fd = openSync('/dev/urandom', 'r');
    try {
      let got = 0;
      while (got < bytes) got += readSync(fd, buffer, got, bytes - got, null);
    } finally {
      closeSync(fd);
    }
  } catch {
    process.getBuiltinModule('node:crypto').randomFillSync(buffer);
  }
  return buffer.toString('hex');
}
