// `skills new <id>` (beyond the spec: agents write skills too): a skill folder with SKILL.md, a Node script that
// compiles its recipe and runs it with `svc exec`, one recipe, and the registry entry that points at them.
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { makeFolders } from '../adapters/fs/make-folders.ts';
import { SvcError } from '../contracts/errors.ts';
import { SOURCE_ROOT } from '../core/package-root.ts';
import { BROKEN_HINT, NO_REGISTRY_HINT, registryPathOf, registryRootOf } from './registry.ts';
import { readRegistryJson } from './registry-file.ts';
import { parseRegistry, SKILL_ID } from './registry-schema.ts';
import type { Env, SkillEntry } from './types.ts';

const APPLICATION_ID = /^[A-Za-z0-9_.]*$/;
const templates = join(SOURCE_ROOT, 'skills', 'templates');

export interface NewSkillRequest {
  env: Env;
  skillId: string;
  applicationId?: string | undefined;
  intent?: string | undefined;
  summary?: string | undefined;
  /** The recipe to ship instead of the open-and-snapshot one (the inspector's recorder). */
  recipe?: SkillRecipe | undefined;
}

/** A recorded execution to ship as the skill's recipe `<artifact>.recipe.json`. */
export interface SkillRecipe {
  artifact: string;
  timeoutMs: number;
  actions: readonly { id: string; type: string; params?: Record<string, unknown> }[];
}

export interface SkillDraft {
  artifact: string;
  /** Paths inside the skill's folder: SKILL.md, scripts/run.js, artifacts/<artifact>.recipe.json, in this order. */
  files: { path: string; text: string; executable?: boolean }[];
}

/**
 * The files `skills new` writes, as text. A given recipe gets ids and source filled by svc at compile time, and
 * an open_app of the skill's own app becomes the `APPLICATION_ID` variable, as in the default recipe.
 */
export async function draftSkill(request: {
  skillId: string;
  applicationId: string;
  intent: string;
  summary: string;
  recipe?: SkillRecipe | undefined;
}): Promise<SkillDraft> {
  const { recipe } = request;
  const artifact = recipe?.artifact ?? 'open-and-snapshot';
  const recipeText =
    recipe === undefined
      ? await readFile(join(templates, 'recipe.json.txt'), 'utf8')
      : recipeJson(recipe, request.applicationId);
  const fill = (text: string) =>
    text
      .replaceAll('__SKILL_ID__', request.skillId)
      .replaceAll('__APPLICATION_ID__', request.applicationId)
      .replaceAll('__INTENT__', request.intent)
      .replaceAll('__SUMMARY__', request.summary)
      .replaceAll('__ARTIFACT__', artifact)
      .replaceAll('__VARIABLES__', recipeText.includes('{{APPLICATION_ID}}') ? '`APPLICATION_ID`' : 'none')
      .replaceAll(
        '__RECIPE_STEPS__',
        recipe === undefined ? 'open the app, snapshot its UI' : recipe.actions.map((a) => a.type).join(', '),
      );
  return {
    artifact,
    files: [
      { path: 'SKILL.md', text: fill(await readFile(join(templates, 'SKILL.md.txt'), 'utf8')) },
      { path: 'scripts/run.js', text: fill(await readFile(join(templates, 'run.js.txt'), 'utf8')), executable: true },
      { path: `artifacts/${artifact}.recipe.json`, text: recipe === undefined ? fill(recipeText) : recipeText },
    ],
  };
}

function recipeJson(recipe: SkillRecipe, applicationId: string): string {
  const actions = recipe.actions.map((action) =>
    action.type === 'open_app' && applicationId !== '' && action.params?.applicationId === applicationId
      ? { ...action, params: { ...action.params, applicationId: '{{APPLICATION_ID}}' } }
      : action,
  );
  const execution = {
    commandId: '{{COMMAND_ID}}',
    taskId: '{{TASK_ID}}',
    source: 'svc-skill',
    expectedFormat: 'android-ui-automator',
    timeoutMs: recipe.timeoutMs,
    actions,
  };
  return `${JSON.stringify(execution, null, 2)}\n`;
}

function invalid(path: string, message: string): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', message, { path });
}

/** The id is taken (in the registry, or a folder of that name): nothing is written. */
function exists(skillId: string, where: string): SvcError {
  return new SvcError(
    'SKILL_ALREADY_EXISTS',
    `A skill "${skillId}" already exists (${where}); nothing was written.`,
    { path: 'skillId', skillId, existing: where },
    `Pick another id, or change the existing skill: \`svc skills get ${skillId}\` shows its files.`,
  );
}

/** Registries are JSON files; an absent one may be created where SVC_SKILLS_REGISTRY points. */
async function readRawRegistry(path: string, fromEnv: boolean): Promise<Record<string, unknown>> {
  const read = await readRegistryJson(path, registryRootOf(path));
  if (!read.ok && read.missing) {
    if (fromEnv) return { skills: [] };
    throw new SvcError(
      'REGISTRY_READ_FAILED',
      `No skills registry at ${path}; set SVC_SKILLS_REGISTRY.`,
      { path, reason: 'file not found (SVC_SKILLS_REGISTRY is not set)' },
      NO_REGISTRY_HINT,
    );
  }
  const fail = (reason: string) =>
    new SvcError(
      'REGISTRY_READ_FAILED',
      `Cannot read the skills registry at ${path}: ${reason}`,
      { path, reason },
      BROKEN_HINT,
    );
  if (!read.ok) throw fail(read.reason);
  const parsed = parseRegistry(read.value);
  if (!parsed.ok) throw fail(parsed.reason);
  return read.value as Record<string, unknown>;
}

/** Id, app, intent and summary of a new skill, checked; app and intent default from an id `<app>.<intent>`. */
export function skillIdentity(request: Omit<NewSkillRequest, 'env' | 'recipe'>) {
  const { skillId } = request;
  if (!SKILL_ID.test(skillId))
    throw invalid('skillId', `Skill ids use letters, digits, ".", "_" and "-": "${skillId}".`);
  const lastDot = skillId.lastIndexOf('.');
  const applicationId = request.applicationId ?? (lastDot > 0 ? skillId.slice(0, lastDot) : '');
  if (!APPLICATION_ID.test(applicationId)) throw invalid('applicationId', `Not an application id: "${applicationId}".`);
  const intent = request.intent ?? skillId.slice(lastDot + 1);
  const summary = request.summary ?? `Opens ${applicationId || 'the app'} and captures its UI.`;
  return { skillId, applicationId, intent, summary };
}

export async function scaffoldSkill(
  request: NewSkillRequest,
): Promise<{ ok: true; skill: SkillEntry; files: string[] }> {
  const identity = skillIdentity(request);
  const { skillId, applicationId, intent, summary } = identity;
  // The default recipe opens the skill's app: without one it would be a skill that never compiles as made.
  if (request.recipe === undefined && applicationId === '') {
    throw invalid(
      'applicationId',
      `Skill id "${skillId}" names no app (ids are <applicationId>.<intent>, like com.android.settings.open-wifi); pass --app <applicationId>.`,
    );
  }
  if (request.recipe !== undefined && !SKILL_ID.test(request.recipe.artifact)) {
    throw invalid('artifact', `Artifact names use letters, digits, ".", "_" and "-": "${request.recipe.artifact}".`);
  }

  const { path: registryPath, fromEnv } = registryPathOf(request.env);
  const raw = await readRawRegistry(registryPath, fromEnv);
  const skills = (raw.skills ?? []) as { id: string }[];
  if (skills.some((entry) => entry.id === skillId)) throw exists(skillId, registryPath);

  const root = registryRootOf(registryPath);
  const registryDir = dirname(registryPath);
  const skillDir = join(registryDir === root ? join(root, 'skills') : registryDir, skillId);
  if (existsSync(skillDir)) throw exists(skillId, skillDir);
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const draft = await draftSkill({ ...identity, recipe: request.recipe });
  const written: string[] = [];
  for (const file of draft.files) {
    const path = join(skillDir, file.path);
    await makeFolders(dirname(path));
    await writeFile(path, file.text);
    if (file.executable) await chmod(path, 0o755);
    written.push(path);
  }
  const [, script, recipe] = written as [string, string, string];
  const skill: SkillEntry = {
    id: skillId,
    applicationId,
    intent,
    summary,
    path: rel(skillDir),
    skillFile: rel(join(skillDir, 'SKILL.md')),
    scripts: [rel(script)],
    artifacts: [{ name: `${draft.artifact}.recipe.json`, path: rel(recipe) }],
  };
  await makeFolders(registryDir);
  await writeFile(registryPath, `${JSON.stringify({ ...raw, skills: [...skills, skill] }, null, 2)}\n`);
  return { ok: true, skill, files: written };
}
