// One start per AVD across processes (two CLIs, a CLI and a server): a lock file `~/.svc/locks/avd-<name>.lock`
// holding the starter's pid while it starts. A lock whose process is gone is taken over. A second starter is told
// EMULATOR_ALREADY_RUNNING (the AVD is coming up), never spawns a twin.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolders } from '../adapters/fs/make-folders.ts';
import { isProcessAlive } from '../adapters/process/process-runner.ts';
import { homeOf } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { osHomedir } from '../core/home.ts';
import type { Env } from './avd-home.ts';

export function startLockPath(env: Env, name: string): string {
  return join(homeOf(env, osHomedir), '.svc', 'locks', `avd-${name}.lock`);
}

function holderPid(text: string): number | undefined {
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export async function withStartLock<T>(env: Env, name: string, task: () => Promise<T>): Promise<T> {
  const path = startLockPath(env, name);
  await makeFolders(join(path, '..'));
  const mine = JSON.stringify({ pid: process.pid, startedAt: Date.now() });
  for (let round = 0; ; round += 1) {
    try {
      await writeFile(path, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // released between our two calls
    // An empty or partial file is a lock being written right now by its new holder: held, not stale.
    const holder = holderPid(text);
    if (round === 0 && holder !== undefined && !isProcessAlive(holder)) {
      await rm(path, { force: true }); // stale: its starter is gone
      continue;
    }
    throw new SvcError('EMULATOR_ALREADY_RUNNING', `AVD '${name}' is being started by another process.`, {
      name,
      ...(holder === undefined ? {} : { startingPid: holder }),
    });
  }
  try {
    return await task();
  } finally {
    const current = await readFile(path, 'utf8').catch(() => '');
    if (current === mine) await rm(path, { force: true });
  }
}
