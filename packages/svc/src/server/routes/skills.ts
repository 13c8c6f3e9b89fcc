// GET /skills, GET /skills/:skillId, POST /skills/:skillId/run (SPEC 4.1, 4.2). The registry is read on every
// request, so a `svc skills update` or an edited registry is seen without restarting the server. Failures are
// SvcErrors: the app's error handler answers `{ ok: false, error: { code, message, details } }` with the catalogue
// status (SKILL_NOT_FOUND 404, REGISTRY_READ_FAILED 500, SKILL_* run failures 400), details holding the SPEC 4.2
// fields (skillId, exitCode, stdout, stderr, skillResult, timeoutMs, ...).

import { type JsonObject, readJsonObjectBody, sendOk } from '../../adapters/http/responses.ts';
import { targetSerial } from '../../devices/target-serial.ts';
import { getSkill, searchSkills } from '../../skills/find-skills.ts';
import { loadRegistry } from '../../skills/registry.ts';
import { checkExpectContains, checkTimeoutMs, stringifyArgs } from '../../skills/run-input.ts';
import { runSkill } from '../../skills/run-skill.ts';
import { readTarget, rejectUnknownFields } from '../request-fields.ts';
import type { RouteModule } from '../runtime.ts';

const RUN_FIELDS = ['deviceId', 'operatorPackage', 'receiverPackage', 'driver', 'args', 'timeoutMs', 'expectContains'];

/** The run fields; absent fields stay absent (the use case applies the defaults). */
function runFieldsOf(body: JsonObject, env: Parameters<typeof readTarget>[1]) {
  rejectUnknownFields(body, RUN_FIELDS);
  return {
    target: readTarget(body, env).target,
    args: Object.hasOwn(body, 'args') ? stringifyArgs(body.args) : [],
    timeoutMs: Object.hasOwn(body, 'timeoutMs') ? checkTimeoutMs(body.timeoutMs) : undefined,
    expectContains: Object.hasOwn(body, 'expectContains') ? checkExpectContains(body.expectContains) : undefined,
  };
}

export const mountSkillRoutes: RouteModule = (app, runtime) => {
  const env = () => runtime.deps.env;

  app.get('/skills', async (c) => {
    const registry = await loadRegistry(env());
    const filters = { app: c.req.query('app'), intent: c.req.query('intent'), keyword: c.req.query('keyword') };
    // No filter lists everything; blank filters count as absent; keyword also matches applicationId (SPEC 4.1).
    const skills = searchSkills(registry, filters, { keywordOverApp: true });
    return sendOk(c, { skills, count: skills.length });
  });

  app.get('/skills/:skillId', async (c) => {
    const registry = await loadRegistry(env());
    return sendOk(c, { skill: getSkill(registry, c.req.param('skillId')) });
  });

  app.post('/skills/:skillId/run', async (c) => {
    const fields = runFieldsOf(await readJsonObjectBody(c), env());
    const registry = await loadRegistry(env());
    const serial = await targetSerial(env(), fields.target);
    const result = await runtime.inFlight.track(() =>
      runSkill(registry, {
        skillId: c.req.param('skillId'),
        serial,
        target: fields.target,
        args: fields.args,
        timeoutMs: fields.timeoutMs,
        expectContains: fields.expectContains,
        env: env(),
        // A client that hangs up stops the script instead of leaving it running unseen.
        signal: c.req.raw.signal,
      }),
    );
    return c.json(result, 200);
  });
};
