// One whole-suite run at a time on a machine. The suites drive real adb servers and simulated devices with timeouts
// sized for one run; two whole runs at once (two worktrees, two terminals) starve each other and fail on time, not
// on behaviour. A run of chosen files does not wait. The lock is a directory (mkdir is atomic) holding the owner's pid;
// a lock whose owner is gone is taken over.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const lockDir = join(tmpdir(), `svc-whole-suite-${userInfo().uid}.lock`);

function ownerOf(): number | undefined {
  try {
    return Number(readFileSync(join(lockDir, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(): number {
  try {
    return Date.now() - statSync(lockDir).mtimeMs;
  } catch {
    return 0;
  }
}

/** Waits until no other whole-suite run holds the machine, then holds it until this process exits. */
export async function holdWholeSuiteLock(): Promise<void> {
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir, { mode: 0o700 });
      writeFileSync(join(lockDir, 'pid'), String(process.pid));
      process.on('exit', () => {
        if (ownerOf() === process.pid) rmSync(lockDir, { recursive: true, force: true });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = ownerOf();
    // No pid after a few seconds: its owner died between mkdir and writing the pid.
    if (owner === undefined ? ageMs() > 10_000 : !alive(owner)) {
      rmSync(lockDir, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      console.error(`waiting for another whole test run on this machine (pid ${owner ?? '?'}) to finish…`);
      told = true;
    }
    await sleep(2000);
  }
}
