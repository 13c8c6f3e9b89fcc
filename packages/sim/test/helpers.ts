// Shared bits of the contract suites: hashing, polling, sh quoting.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Polls until `check` is true (the suites assert outcomes, never timings). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Single-quotes a word for the device's sh (a `'` becomes `'"'"'`), as the host does (OPERATOR-PROTOCOL §2). */
export function shQuote(word: string): string {
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}
