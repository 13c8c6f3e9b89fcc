// get and search over a loaded registry (SPEC 4.1 GET /skills, 4.4 skills search).
import { SvcError } from '../contracts/errors.ts';
import type { SkillEntry, SkillsRegistry } from './types.ts';

export interface SkillFilters {
  app?: string | undefined;
  intent?: string | undefined;
  keyword?: string | undefined;
}

export function getSkill(registry: SkillsRegistry, skillId: string): SkillEntry {
  const skill = registry.skills.find((entry) => entry.id === skillId);
  if (!skill) {
    throw new SvcError('SKILL_NOT_FOUND', `No skill "${skillId}" in ${registry.registryPath}`, { skillId });
  }
  return skill;
}

/** Blank filter values count as absent. */
export function hasAnyFilter(filters: SkillFilters): boolean {
  return [filters.app, filters.intent, filters.keyword].some((value) => value !== undefined && value.trim() !== '');
}

/**
 * All given filters must match: `app` and `intent` exactly, `keyword` as a case-insensitive substring of the id or
 * summary — and of the applicationId when `keywordOverApp` (the HTTP route, SPEC 4.1; the CLI follows 4.4).
 */
export function searchSkills(
  registry: SkillsRegistry,
  filters: SkillFilters,
  options: { keywordOverApp: boolean },
): SkillEntry[] {
  const app = filters.app?.trim() || undefined;
  const intent = filters.intent?.trim() || undefined;
  const keyword = filters.keyword?.trim().toLowerCase() || undefined;
  return registry.skills.filter((skill) => {
    if (app !== undefined && skill.applicationId !== app) return false;
    if (intent !== undefined && skill.intent !== intent) return false;
    if (keyword === undefined) return true;
    const fields = options.keywordOverApp ? [skill.id, skill.summary, skill.applicationId] : [skill.id, skill.summary];
    return fields.some((field) => field.toLowerCase().includes(keyword));
  });
}
