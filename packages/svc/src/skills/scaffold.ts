// `skills new <id>` (beyond the spec: agents write skills too): a skill folder with SKILL.md, a Node script that
// compiles its recipe and runs it with `svc exec`, one recipe, and the registry entry that points at them.
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { SvcError } from '../contracts/errors.ts';
import { SOURCE_ROOT } from '../core/package-root.ts';
import { registryPathOf, registryRootOf } from './registry.ts';
import { parseRegistry } from './registry-schema.ts';
import type { Env, SkillEntry } from './types.ts';

const SKILL_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const APPLICATION_ID = /^[A-Za-z0-9_.]*$/;
const templates = join(SOURCE_ROOT, 'skills', 'templates');

export interface NewSkillRequest {
  env: Env;
  skillId: string;
  applicationId?: string | undefined;
  intent?: string | undefined;
  summary?: string | undefined;
}

function invalid(path: string, message: string): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', message, { path });
}

/** Registries are JSON files; an absent one may be created where SVC_SKILLS_REGISTRY points. */
async function readRawRegistry(path: string, fromEnv: boolean): Promise<Record<string, unknown>> {
  if (!existsSync(path)) {
    if (fromEnv) return { skills: [] };
    throw new SvcError('REGISTRY_READ_FAILED', `No skills registry at ${path}; set SVC_SKILLS_REGISTRY.`, {
      path,
      reason: 'file not found (SVC_SKILLS_REGISTRY is not set)',
    });
  }
  const fail = (reason: string) =>
    new SvcError('REGISTRY_READ_FAILED', `Cannot read the skills registry at ${path}: ${reason}`, { path, reason });
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw fail(`invalid JSON: ${(error as Error).message}`);
  }
  const parsed = parseRegistry(value);
  if (!parsed.ok) throw fail(parsed.reason);
  return value as Record<string, unknown>;
}

export async function scaffoldSkill(
  request: NewSkillRequest,
): Promise<{ ok: true; skill: SkillEntry; files: string[] }> {
  const { skillId } = request;
  if (!SKILL_ID.test(skillId))
    throw invalid('skillId', `Skill ids use letters, digits, ".", "_" and "-": "${skillId}".`);
  // By convention ids are `<applicationId>.<intent>`, so both default from the id.
  const lastDot = skillId.lastIndexOf('.');
  const applicationId = request.applicationId ?? (lastDot > 0 ? skillId.slice(0, lastDot) : '');
  if (!APPLICATION_ID.test(applicationId)) throw invalid('applicationId', `Not an application id: "${applicationId}".`);
  const intent = request.intent ?? skillId.slice(lastDot + 1);
  const summary = request.summary ?? `Opens ${applicationId || 'the app'} and captures its UI.`;

  const { path: registryPath, fromEnv } = registryPathOf(request.env);
  const raw = await readRawRegistry(registryPath, fromEnv);
  const skills = (raw.skills ?? []) as { id: string }[];
  if (skills.some((entry) => entry.id === skillId)) throw invalid('skillId', `Skill "${skillId}" already exists.`);

  const root = registryRootOf(registryPath);
  const registryDir = dirname(registryPath);
  const skillDir = join(registryDir === root ? join(root, 'skills') : registryDir, skillId);
  if (existsSync(skillDir)) throw invalid('skillId', `${skillDir} already exists.`);
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const fill = (text: string) =>
    text
      .replaceAll('__SKILL_ID__', skillId)
      .replaceAll('__APPLICATION_ID__', applicationId)
      .replaceAll('__INTENT__', intent)
      .replaceAll('__SUMMARY__', summary);
  const files = {
    skillFile: join(skillDir, 'SKILL.md'),
    script: join(skillDir, 'scripts', 'run.js'),
    recipe: join(skillDir, 'artifacts', 'open-and-snapshot.recipe.json'),
  };
  await mkdir(dirname(files.script), { recursive: true });
  await mkdir(dirname(files.recipe), { recursive: true });
  await writeFile(files.skillFile, fill(await readFile(join(templates, 'SKILL.md.txt'), 'utf8')));
  await writeFile(files.script, fill(await readFile(join(templates, 'run.js.txt'), 'utf8')));
  await chmod(files.script, 0o755);
  await writeFile(files.recipe, fill(await readFile(join(templates, 'recipe.json.txt'), 'utf8')));

  const skill: SkillEntry = {
    id: skillId,
    applicationId,
    intent,
    summary,
    path: rel(skillDir),
    skillFile: rel(files.skillFile),
    scripts: [rel(files.script)],
    artifacts: [{ name: 'open-and-snapshot.recipe.json', path: rel(files.recipe) }],
  };
  await mkdir(registryDir, { recursive: true });
  await writeFile(registryPath, `${JSON.stringify({ ...raw, skills: [...skills, skill] }, null, 2)}\n`);
  return { ok: true, skill, files: Object.values(files) };
}
