// `skills compile-artifact`: a recipe (execution JSON with `{{VAR}}` placeholders) of a skill becomes a validated
// execution in mode `artifact_compiled` (SPEC 4.4, DECISIONS 10 and 21).
import { randomUUID } from 'node:crypto';
import { SvcError } from '../contracts/errors.ts';
import type { Execution } from '../contracts/types.ts';
import { readConfinedText } from './confined-read.ts';
import { getSkill } from './find-skills.ts';
import { checkEntryPaths, outsideError, real, resolveSkillPath } from './skill-paths.ts';
import { substituteVars } from './substitute-vars.ts';
import type { SkillArtifact, SkillEntry, SkillsRegistry } from './types.ts';
import { validateExecution } from './validate-execution.ts';

export const RECIPE_SUFFIX = '.recipe.json';
/** SPEC 2.1: commandId and taskId are at most 128 chars. */
const MAX_ID_LENGTH = 128;

export interface CompiledArtifact {
  ok: true;
  skillId: string;
  artifact: string;
  execution: Execution;
}

/** The artifact named `name`, given with or without the `.recipe.json` suffix. */
export function findArtifact(skill: SkillEntry, name: string): SkillArtifact {
  const wanted = name.endsWith(RECIPE_SUFFIX) ? name : `${name}${RECIPE_SUFFIX}`;
  const found =
    skill.artifacts.find((artifact) => artifact.name === name || artifact.name === wanted) ??
    skill.artifacts.find((artifact) => artifact.path === name || artifact.path.endsWith(`/${wanted}`));
  if (!found) {
    throw new SvcError('SKILL_ARTIFACT_NOT_FOUND', `Skill "${skill.id}" has no artifact "${name}".`, {
      skillId: skill.id,
      artifact: name,
      available: skill.artifacts.map((artifact) => artifact.name),
    });
  }
  return found;
}

/** A fresh id per compilation (DECISIONS 21), readable in logs: `<skill>-<uuid>`, cut to the spec's limit. */
export function freshId(skillId: string): string {
  const suffix = randomUUID();
  return `${skillId.slice(0, MAX_ID_LENGTH - suffix.length - 1)}-${suffix}`;
}

/**
 * What svc fills when --vars does not: fresh COMMAND_ID and TASK_ID (DECISIONS 21), and APPLICATION_ID from the
 * entry's applicationId (the id of `com.android.settings.open-wifi` already says which app), so a recipe of one
 * app compiles with no --vars at all.
 */
function defaultVars(skill: SkillEntry): Record<string, string> {
  const vars: Record<string, string> = { COMMAND_ID: freshId(skill.id), TASK_ID: freshId(skill.id) };
  if (skill.applicationId.trim() !== '') vars.APPLICATION_ID = skill.applicationId;
  return vars;
}

export async function compileArtifact(
  registry: SkillsRegistry,
  request: { skillId: string; artifact: string; vars?: Readonly<Record<string, unknown>> },
): Promise<CompiledArtifact> {
  const skill = getSkill(registry, request.skillId);
  checkEntryPaths(registry, skill);
  const artifact = findArtifact(skill, request.artifact);
  const file = resolveSkillPath(registry, skill, artifact.path, `artifacts[${skill.artifacts.indexOf(artifact)}].path`);
  const field = `artifacts[${skill.artifacts.indexOf(artifact)}].path`;
  const template = await readConfinedText(
    real(file),
    () => outsideError(skill, field),
    () =>
      new SvcError('SKILL_ARTIFACT_NOT_FOUND', `Cannot read artifact "${artifact.name}" at ${file}.`, {
        skillId: skill.id,
        artifact: artifact.name,
        path: file,
      }),
  );
  const vars = { ...defaultVars(skill), ...request.vars };
  const { text, missing } = substituteVars(template, vars);
  if (missing.length > 0) {
    throw new SvcError('SKILL_VARS_MISSING', `Artifact "${artifact.name}" needs variables: ${missing.join(', ')}.`, {
      skillId: skill.id,
      artifact: artifact.name,
      missing,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Where, never what: the parser's message quotes the file's first bytes.
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `Artifact "${artifact.name}" is not valid JSON.`, {
      path: '(root)',
      skillId: skill.id,
      artifact: artifact.name,
      ...(at === undefined ? {} : { position: Number(at) }),
    });
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    value = { ...(value as Record<string, unknown>), mode: 'artifact_compiled' };
  }
  const validated = validateExecution(value);
  if (!validated.ok) {
    const body = validated.error.toBody();
    throw new SvcError(validated.error.code, `Artifact "${artifact.name}": ${body.message}`, {
      ...body.details,
      skillId: skill.id,
      artifact: artifact.name,
    });
  }
  const execution: Execution = { ...validated.execution, mode: 'artifact_compiled' };
  return { ok: true, skillId: skill.id, artifact: artifact.name, execution };
}
