// Loads the skills registry named by SVC_SKILLS_REGISTRY (SPEC 2.10). Every failure is REGISTRY_READ_FAILED
// with the path and the reason, so an agent can tell "not installed" from "broken JSON".
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import { parseRegistry } from './registry-schema.ts';
import type { Env, SkillEntry, SkillsRegistry } from './types.ts';

export const REGISTRY_FILE_NAME = 'skills-registry.json';

export function skillsHome(env: Env): string {
  return join(env.HOME || homedir(), '.svc', 'skills');
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

/** Entry paths are relative to the repository holding the registry: the nearest ancestor with `.git`. */
export function repositoryRootOf(registryPath: string): string {
  const start = dirname(registryPath);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, '.git'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

function readFailed(path: string, reason: string): SvcError {
  return new SvcError('REGISTRY_READ_FAILED', `Cannot read the skills registry at ${path}: ${reason}`, {
    path,
    reason,
  });
}

export async function loadRegistry(env: Env): Promise<SkillsRegistry> {
  const { path, fromEnv } = registryPathOf(env);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw readFailed(path, fromEnv ? reason : `${reason} (SVC_SKILLS_REGISTRY is not set; run \`svc skills install\`)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw readFailed(path, `invalid JSON: ${(error as Error).message}`);
  }
  const parsed = parseRegistry(value);
  if (!parsed.ok) throw readFailed(path, parsed.reason);
  return { registryPath: path, root: repositoryRootOf(path), skills: parsed.skills };
}

/**
 * Resolves a path named by an entry. The spec makes paths relative to the repository root; registries that wrote
 * them relative to the registry's folder or to the skill's folder are accepted too, in that order.
 */
export function resolveSkillPath(registry: SkillsRegistry, entry: SkillEntry, relative: string): string {
  const candidates = [
    resolve(registry.root, relative),
    resolve(dirname(registry.registryPath), relative),
    resolve(registry.root, entry.path, relative),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? (candidates[0] as string);
}
