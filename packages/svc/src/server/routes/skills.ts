// GET /skills, GET /skills/:skillId, POST /skills/:skillId/run (SPEC 4.1, 4.2). The registry is read on every
// request, so a `svc skills update` or an edited registry is seen without restarting the server. Failures are
// SvcErrors: the app's error handler answers `{ ok: false, error: { code, message, details } }` with the catalogue
// status (SKILL_NOT_FOUND 404, REGISTRY_READ_FAILED 500, SKILL_* run failures 400), details holding the SPEC 4.2
// fields (skillId, exitCode, stdout, stderr, skillResult, timeoutMs, ...).
import { getSkill, searchSkills } from '../../skills/find-skills.ts';
import { loadRegistry } from '../../skills/registry.ts';
import { checkExpectContains, checkTimeoutMs, stringifyArgs } from '../../skills/run-input.ts';
import { runSkill } from '../../skills/run-skill.ts';
import { type JsonObject, readJsonObjectBody, sendOk } from '../http.ts';
import { readDeviceId, readRequestedPackage, resolveOperatorPackage } from '../request-fields.ts';
import type { RouteModule } from '../runtime.ts';

/** The run fields of SPEC 4.1; absent fields stay absent (the use case applies the defaults). */
function runFieldsOf(body: JsonObject) {
  return {
    deviceId: readDeviceId(body),
    args: Object.hasOwn(body, 'args') ? stringifyArgs(body.args) : [],
    timeoutMs: Object.hasOwn(body, 'timeoutMs') ? checkTimeoutMs(body.timeoutMs) : undefined,
    expectContains: Object.hasOwn(body, 'expectContains') ? checkExpectContains(body.expectContains) : undefined,
    operatorPackage: readRequestedPackage(body),
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
    const fields = runFieldsOf(await readJsonObjectBody(c));
    const registry = await loadRegistry(env());
    const result = await runtime.inFlight.track(() =>
      runSkill(registry, {
        skillId: c.req.param('skillId'),
        deviceId: fields.deviceId,
        args: fields.args,
        timeoutMs: fields.timeoutMs,
        expectContains: fields.expectContains,
        operatorPackage: resolveOperatorPackage(fields.operatorPackage, env()),
        env: env(),
        // A client that hangs up stops the script instead of leaving it running unseen.
        signal: c.req.raw.signal,
      }),
    );
    return c.json(result, 200);
  });
};
