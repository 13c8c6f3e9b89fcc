// Validation of the registry file (SPEC 2.10). Artifacts may be `{ name, path }` or a bare path (DECISIONS 9).
import { basename } from 'node:path';
import { z } from 'zod';
import type { SkillArtifact, SkillEntry } from './types.ts';

/** A skill id: also a folder name and a word of command lines, so no `/`, `..` start, space or control character. */
export const SKILL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const SKILL_ID_RULE =
  'skill ids are 1 to 100 letters, digits, ".", "_" and "-", starting with a letter or digit';

const text = z.string();
const artifact = z.union([z.string().min(1), z.looseObject({ name: z.string().min(1), path: z.string().min(1) })]);

const entry = z.looseObject({
  id: z.string().regex(SKILL_ID, SKILL_ID_RULE),
  applicationId: text,
  intent: text,
  summary: text,
  path: text,
  skillFile: text,
  scripts: z.array(z.string().min(1)),
  artifacts: z.array(artifact),
});

const registryFile = z.looseObject({ skills: z.array(entry) });

function toArtifact(value: z.infer<typeof artifact>): SkillArtifact {
  return typeof value === 'string' ? { name: basename(value), path: value } : { name: value.name, path: value.path };
}

/** Parses the registry JSON value; returns the entries or a one-line reason naming the failing path. */
export function parseRegistry(value: unknown): { ok: true; skills: SkillEntry[] } | { ok: false; reason: string } {
  const parsed = registryFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
    return { ok: false, reason: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  const seen = new Set<string>();
  const skills: SkillEntry[] = [];
  for (const [index, raw] of parsed.data.skills.entries()) {
    if (seen.has(raw.id)) return { ok: false, reason: `skills.${index}.id: duplicate skill id "${raw.id}"` };
    seen.add(raw.id);
    skills.push({ ...raw, artifacts: raw.artifacts.map(toArtifact) });
  }
  return { ok: true, skills };
}
