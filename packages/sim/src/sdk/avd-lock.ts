// The real emulator refuses to run one AVD twice: it holds `hardware-qemu.ini.lock` in the AVD folder while it
// runs. The stand-in does the same (pid inside; a lock whose process is gone is taken over).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRunningPid } from './pid-alive.ts';

/** True when this process now holds the AVD; the lock goes when the process exits. */
export function lockAvd(avdDir: string): boolean {
  const lock = join(avdDir, 'hardware-qemu.ini.lock');
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(lock, 'utf8').trim());
    if (owner !== process.pid && isRunningPid(owner)) return false;
    writeFileSync(lock, String(process.pid));
  }
  process.on('exit', () => rmSync(lock, { force: true }));
  return true;
}
