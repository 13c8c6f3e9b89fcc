// Loads the skills registry named by SVC_SKILLS_REGISTRY (SPEC 2.10). Every failure is REGISTRY_READ_FAILED
// with the path and the reason, so an agent can tell "not installed" from "broken JSON", and a hint for that case.
// The file is read as every path of a skill is: inside its own folder, never through a link out (registry-file.ts).
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { homeOf } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { osHomedir } from '../core/home.ts';
import { readRegistryJson } from './registry-file.ts';
import { parseRegistry } from './registry-schema.ts';
import type { Env, SkillsRegistry } from './types.ts';

export const REGISTRY_FILE_NAME = 'skills-registry.json';

export function skillsHome(env: Env): string {
  return join(homeOf(env, osHomedir), '.svc', 'skills');
}

/** Where a checkout keeps its registry: the repository root, or its `skills/` folder. */
export function registryInCheckout(checkout: string): string {
  const candidates = [join(checkout, REGISTRY_FILE_NAME), join(checkout, 'skills', REGISTRY_FILE_NAME)];
  return candidates.find((candidate) => existsSync(candidate)) ?? (candidates[0] as string);
}

/** SVC_SKILLS_REGISTRY when set; otherwise the registry of the checkout `svc skills install` made. */
export function registryPathOf(env: Env): { path: string; fromEnv: boolean } {
  const configured = env.SVC_SKILLS_REGISTRY?.trim();
  if (configured) return { path: resolve(configured), fromEnv: true };
  return { path: registryInCheckout(skillsHome(env)), fromEnv: false };
}

/**
 * The root every entry path is relative to: the folder that holds the registry's `skills/` folder. A registry lives
 * either beside that folder (`<root>/skills-registry.json`) or inside it (`<root>/skills/skills-registry.json`). It
 * follows the registry's own location, never an enclosing git repository: a checkout copied into a dotfiles repo or
 * a monorepo keeps working.
 */
export function registryRootOf(registryPath: string): string {
  const dir = dirname(registryPath);
  if (existsSync(join(dir, 'skills'))) return dir;
  return basename(dir) === 'skills' ? dirname(dir) : dir;
}

function readFailed(path: string, reason: string, hint?: string): SvcError {
  return new SvcError(
    'REGISTRY_READ_FAILED',
    `Cannot read the skills registry at ${path}: ${reason}`,
    { path, reason },
    hint,
  );
}

/** A registry that is there but cannot be used: the file is the thing to fix, not the installation. */
export const BROKEN_HINT =
  'Fix the registry file at details.path where details.reason says (or point SVC_SKILLS_REGISTRY at another registry).';
const MISSING_HINT =
  'No file at details.path: point SVC_SKILLS_REGISTRY at an existing registry, or create one there with `svc skills new <skill-id> --app <package>`.';

/** What a user with no registry at all does next: start one of their own, or clone a shared one. */
export const NO_REGISTRY_HINT =
  'No skills registry yet. Start your own: export SVC_SKILLS_REGISTRY="$PWD/my-skills/skills-registry.json", then ' +
  '`svc skills new <skill-id> --app <package>` creates it; or clone a shared one with `svc skills install --repo <url>`.';

export async function loadRegistry(env: Env): Promise<SkillsRegistry> {
  const { path, fromEnv } = registryPathOf(env);
  const root = registryRootOf(path);
  const read = await readRegistryJson(path, root);
  if (!read.ok) {
    if (read.missing && !fromEnv) {
      throw readFailed(path, `${read.reason} (SVC_SKILLS_REGISTRY is not set)`, NO_REGISTRY_HINT);
    }
    throw readFailed(path, read.reason, read.missing ? MISSING_HINT : BROKEN_HINT);
  }
  const parsed = parseRegistry(read.value);
  if (!parsed.ok) throw readFailed(path, parsed.reason, BROKEN_HINT);
  return { registryPath: path, root, skills: parsed.skills };
}
