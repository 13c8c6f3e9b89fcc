// `mkdir -p` that always returns. Node's recursive mkdir never returns where creating a missing folder answers
// ENOENT although its parent exists (any path under /proc or /sys: `mkdir('/proc/x/y', { recursive: true })` spins
// forever), and a screenshot or recording path comes from the user. So: find the nearest folder that exists, then
// create each missing one below it, one call each; the first refusal is thrown as the system said it. Every folder svc
// makes is its user's alone (0700): what goes in them (screenshots, recordings, logs, skills) shows the phone.
import { mkdirSync, statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The folders to create, outermost first; throws when the nearest existing path is not a folder. */
function missingBelow(dir: string, exists: (path: string) => boolean | undefined): string[] {
  const missing: string[] = [];
  for (let at = resolve(dir); ; ) {
    const isDir = exists(at);
    if (isDir === true) break;
    if (isDir === false) {
      throw Object.assign(new Error(`ENOTDIR: ${at} is not a folder, cannot create ${dir}`), { code: 'ENOTDIR' });
    }
    missing.push(at);
    const up = dirname(at);
    if (up === at) break;
    at = up;
  }
  return missing.reverse();
}

/** Only the owner: the mode of every folder svc creates. */
const PRIVATE = 0o700;

/** Creates `dir` and its missing parents (each with `mode`, as mkdir -p -m does). */
export function makeFoldersSync(dir: string, mode: number = PRIVATE): void {
  const exists = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory();
  for (const folder of missingBelow(dir, exists)) {
    try {
      mkdirSync(folder, { mode });
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
  }
}

/** makeFoldersSync without blocking. */
export async function makeFolders(dir: string, mode: number = PRIVATE): Promise<void> {
  const known = new Map<string, boolean | undefined>();
  // Stat the chain first (asynchronously), then decide on the answers.
  for (let at = resolve(dir); ; ) {
    const found = await stat(at).catch((error: unknown) => {
      if (code(error) === 'ENOENT') return undefined;
      throw error;
    });
    known.set(at, found?.isDirectory());
    const up = dirname(at);
    if (found !== undefined || up === at) break;
    at = up;
  }
  for (const folder of missingBelow(dir, (path) => known.get(path))) {
    try {
      await mkdir(folder, { mode });
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
    }
  }
}
