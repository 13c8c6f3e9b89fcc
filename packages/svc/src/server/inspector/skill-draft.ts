// A recorded execution as a skill: the files `svc skills new` writes (SKILL.md, scripts/run.js, the recipe) with the
// recording as the recipe `recorded`, shown as a draft or written into the skills registry of the server.
import type { Env } from '../../contracts/env.ts';
import type { ValidExecution } from '../../contracts/types.ts';
import { draftSkill, scaffoldSkill, skillIdentity } from '../../skills/scaffold.ts';
import type { SkillFields } from './request-bodies.ts';

const ARTIFACT = 'recorded';

function requestOf(fields: SkillFields, execution: ValidExecution) {
  // The app of the skill is the one the recording opens first; without one, the id's convention `<app>.<intent>`.
  const opened = execution.actions.find((action) => action.type === 'open_app')?.params?.applicationId;
  const types = execution.actions.map((action) => action.type).join(', ');
  return {
    skillId: fields.skillId,
    ...(typeof opened === 'string' ? { applicationId: opened } : {}),
    summary: fields.summary ?? `Recorded in the svc inspector: ${types}.`,
    recipe: { artifact: ARTIFACT, timeoutMs: execution.timeoutMs, actions: execution.actions },
  };
}

export async function skillDraftOf(fields: SkillFields, execution: ValidExecution) {
  const request = requestOf(fields, execution);
  const identity = skillIdentity(request);
  const draft = await draftSkill({ ...identity, recipe: request.recipe });
  return { skillId: identity.skillId, applicationId: identity.applicationId, files: draft.files };
}

export async function saveSkill(env: Env, fields: SkillFields, execution: ValidExecution) {
  const saved = await scaffoldSkill({ env, ...requestOf(fields, execution) });
  return { skill: saved.skill, files: saved.files };
}
