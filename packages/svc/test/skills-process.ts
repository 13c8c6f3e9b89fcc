// Process checks shared by the skills suites that prove a timeout or a hang-up kills a script's grandchildren.
import { readFileSync } from 'node:fs';

/** Alive unless gone or a zombie (an orphan's zombie lingers until the container's init reaps it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Polls `check` for up to 5 s. */
export async function waitUntil(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}
