// Paths named by a registry entry (scripts, artifacts, skillFile) resolve inside that skill's own folder. A registry is
// data from a repository the user cloned; an entry must not make svc run `/usr/bin/env` or read `../../etc/passwd`
// (issue 19 item 10). A path that leaves the folder — absolute, a `..` escape, a symlink pointing out, a skill folder
// that is itself a link out of the registry, or a file with another hard link (whose other name may be anywhere) —
// is refused with SKILL_PATH_OUTSIDE_SKILL before anything is read or run, and the error never repeats the path.
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, win32 } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import type { SkillEntry, SkillsRegistry } from './types.ts';

/** Whether `path` is `folder` itself or below it (both absolute and normalized). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function outsideError(entry: SkillEntry, field: string): SvcError {
  return new SvcError(
    'SKILL_PATH_OUTSIDE_SKILL',
    `Skill "${entry.id}": ${field} points outside the skill's folder; svc reads and runs only files inside it.`,
    { skillId: entry.id, field },
  );
}

/** Absolute on this platform or on Windows (`C:\x`, `\\server\share`): never a path inside a skill. */
function looksAbsolute(path: string): boolean {
  return isAbsolute(path) || win32.isAbsolute(path);
}

/** The skill's folder: `entry.path` under the registry root (the root itself for "" or "."). */
export function skillFolder(registry: SkillsRegistry, entry: SkillEntry): string {
  if (looksAbsolute(entry.path)) throw outsideError(entry, 'path');
  const folder = resolve(registry.root, entry.path || '.');
  if (!isInside(registry.root, folder)) throw outsideError(entry, 'path');
  // A folder that is a link (or lies under one) out of the registry's checkout: its files are not the registry's.
  if (existsSync(folder) && !isInside(real(registry.root), real(folder))) throw outsideError(entry, 'path');
  return folder;
}

/** A regular file with more than one name: the other may be outside the folder, so it cannot be shown to be inside. */
export function hasOtherNames(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.nlink > 1;
  } catch {
    return false;
  }
}

/** The real path when the file exists (symlinks followed), else the path itself. */
export function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Resolves a path an entry names (`field` says which, for the error: `scripts[0]`, `artifacts[1].path`). Registries
 * write them relative to the registry root, to the registry's folder or to the skill's folder; the first of those
 * that lies inside the skill's folder and exists wins, else the first inside it.
 */
export function resolveSkillPath(registry: SkillsRegistry, entry: SkillEntry, path: string, field: string): string {
  const folder = skillFolder(registry, entry);
  if (looksAbsolute(path)) throw outsideError(entry, field);
  const inside = [
    resolve(registry.root, path),
    resolve(dirname(registry.registryPath), path),
    resolve(folder, path),
  ].filter((candidate) => isInside(folder, candidate));
  const chosen = inside.find((candidate) => existsSync(candidate)) ?? inside[0];
  if (chosen === undefined) throw outsideError(entry, field);
  if (existsSync(chosen) && !isInside(real(folder), real(chosen))) throw outsideError(entry, field);
  if (hasOtherNames(real(chosen))) throw outsideError(entry, field);
  return chosen;
}

/** Every path of an entry, checked before a skill is run or compiled, so one bad path refuses the whole skill. */
export function checkEntryPaths(registry: SkillsRegistry, entry: SkillEntry): void {
  skillFolder(registry, entry);
  if (entry.skillFile !== '') resolveSkillPath(registry, entry, entry.skillFile, 'skillFile');
  for (const [i, script] of entry.scripts.entries()) resolveSkillPath(registry, entry, script, `scripts[${i}]`);
  for (const [i, artifact] of entry.artifacts.entries()) {
    resolveSkillPath(registry, entry, artifact.path, `artifacts[${i}].path`);
  }
}
