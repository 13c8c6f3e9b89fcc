// Reads AVD metadata under the AVD home. Reading never throws for a malformed or partial AVD: the problem becomes
// CONFIG_UNREADABLE with a reason (see avd-config.ts).
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { type ConfiguredAvd, describeAvd } from './avd-config.ts';
import { avdHome, type Env } from './avd-home.ts';
import { parseIni } from './ini.ts';

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
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

/**
 * The AVD's folder as the emulator finds it: `path=` of `<name>.ini` when that folder exists, else `path.rel=`
 * (relative to the AVD home's parent, as avdmanager writes it), else `<AVD home>/<name>.avd`.
 */
export async function avdDirOf(env: Env, name: string, topIni: string | undefined): Promise<string> {
  const home = avdHome(env);
  const fallback = join(home, `${name}.avd`);
  if (topIni === undefined) return fallback;
  const values = parseIni(topIni).values;
  const absolute = values.get('path');
  if (absolute && isAbsolute(absolute) && (await isDirectory(absolute))) return absolute;
  const relative = values.get('path.rel');
  if (relative && !isAbsolute(relative) && (await isDirectory(join(dirname(home), relative)))) {
    return join(dirname(home), relative);
  }
  return fallback;
}

/** Removes an AVD's files directly: for a partial AVD that avdmanager no longer recognises. */
export async function deleteAvdFiles(env: Env, name: string): Promise<void> {
  const topIni = await readOptional(join(avdHome(env), `${name}.ini`));
  await rm(await avdDirOf(env, name, topIni), { recursive: true, force: true });
  await rm(join(avdHome(env), `${name}.ini`), { force: true });
}

export async function readAvd(env: Env, name: string, running = false): Promise<ConfiguredAvd> {
  const topIni = await readOptional(join(avdHome(env), `${name}.ini`));
  const folder = await avdDirOf(env, name, topIni);
  const configPath = join(folder, 'config.ini');
  const configIni = await readOptional(configPath);
  const folderExists = await isDirectory(folder);
  return describeAvd(name, { topIni, configIni, configPath, folderExists }, running);
}

/** avdmanager and the emulator know an AVD only by its `<name>.ini`. */
export async function hasTopIni(env: Env, name: string): Promise<boolean> {
  return (await readOptional(join(avdHome(env), `${name}.ini`))) !== undefined;
}
