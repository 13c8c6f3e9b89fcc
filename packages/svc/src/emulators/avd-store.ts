// Reads and writes AVD metadata under the AVD home. Reading never throws for a malformed or partial AVD: the
// problem becomes CONFIG_UNREADABLE with a reason (see avd-config.ts).
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type ConfiguredAvd, describeAvd } from './avd-config.ts';
import { avdHome, type Env } from './avd-home.ts';

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

export async function listAvdNames(env: Env): Promise<string[]> {
  let entries: string[];
  try {
    entries = await readdir(avdHome(env));
  } catch {
    return [];
  }
  const names = new Set<string>();
  for (const entry of entries) {
    if (entry.endsWith('.ini')) names.add(entry.slice(0, -'.ini'.length));
    else if (entry.endsWith('.avd')) names.add(entry.slice(0, -'.avd'.length));
  }
  return [...names].sort();
}

export async function readAvd(env: Env, name: string, running = false): Promise<ConfiguredAvd> {
  const home = avdHome(env);
  const [topIni, configIni] = await Promise.all([
    readOptional(join(home, `${name}.ini`)),
    readOptional(join(home, `${name}.avd`, 'config.ini')),
  ]);
  return describeAvd(name, { topIni, configIni }, running);
}

export async function deleteAvdFiles(env: Env, name: string): Promise<void> {
  const home = avdHome(env);
  await rm(join(home, `${name}.avd`), { recursive: true, force: true });
  await rm(join(home, `${name}.ini`), { force: true });
}
