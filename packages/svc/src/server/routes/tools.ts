// POST /tools/<name>: every flat tool of the one registry by its MCP name and arguments. A chore's body holds its params plus deviceId and waitDeviceMs (a bad param is a 400 naming it, a
// missing device 404, a busy device 423); an action tool's (click, type, ...) builds its one-action execution as
// the MCP tool does and runs it as /execute does, with the same response body. An unknown name is 404 NOT_FOUND
// listing the names.
import { type JsonObject, readJsonObjectBody, sendOk, sendRunResult } from '../../adapters/http/responses.ts';
import { buildTool } from '../../builders/from-arguments.ts';
import { TOOLS } from '../../builders/surfaces.ts';
import { inToolTerms } from '../../builders/tool-terms.ts';
import { choreOf } from '../../contracts/chores/index.ts';
import { SvcError } from '../../contracts/errors.ts';
import { waitDeviceMsProblem } from '../../contracts/limits.ts';
import { REGISTRY } from '../../contracts/registry.ts';
import { pickScreenFields, SCREEN_FIELD_NAMES, screenRequestOf } from '../../contracts/screen-request.ts';
import { fail, Issues, toValidationErrorOf, validationErrorOf } from '../../contracts/validation-issue.ts';
import { ensureScreenshotsDir } from '../../executions/screenshot-paths.ts';
import { prepareSubmission } from '../../submit/prepare.ts';
import { resolveTarget } from '../../submit/target.ts';
import { serveIds } from '../built-executions.ts';
import { readBody, TARGET_FIELDS } from '../request-fields.ts';
import type { RouteModule, ServerRuntime } from '../runtime.ts';
import { withScreenshotUrls } from './screenshot-files.ts';

/** deviceId and waitDeviceMs, both checked; their problems are told with the chore's own (runChore merges them). */
function targetFields(body: JsonObject) {
  const { deviceId, waitDeviceMs, ...args } = body;
  const issues = new Issues();
  if (deviceId !== undefined && typeof deviceId !== 'string') {
    issues.check(() => fail('deviceId', 'deviceId must be a string.', 'string'));
  }
  const wait = waitDeviceMs;
  const expected = wait === undefined ? undefined : waitDeviceMsProblem(wait);
  if (expected !== undefined) {
    issues.check(() => fail('waitDeviceMs', `waitDeviceMs must be an ${expected}.`, expected));
  }
  const fieldsError = issues.count === 0 ? undefined : toValidationErrorOf(issues.list);
  return {
    deviceId: typeof deviceId === 'string' ? deviceId : undefined,
    waitDeviceMs: fieldsError === undefined ? (wait as number | undefined) : undefined,
    args,
    fieldsError,
  };
}

/** The arguments an action tool takes (all the action types it builds), besides the target and the screen. */
function argumentsOf(name: string): string[] {
  const names = new Set<string>(['timeoutMs']);
  for (const { surface } of TOOLS.get(name) ?? []) {
    for (const argument of Object.keys(surface.arguments)) names.add(argument);
    if (surface.when !== undefined) names.add(surface.when.argument);
  }
  return [...names];
}

/** An action tool: its one-action execution, built and checked as the MCP tool's, run as /execute runs one. */
async function runActionTool(runtime: ServerRuntime, name: string, body: JsonObject) {
  const taken = argumentsOf(name);
  const allowed = [...taken, ...TARGET_FIELDS, ...SCREEN_FIELD_NAMES];
  const own = Object.fromEntries(Object.entries(body).filter(([key]) => taken.includes(key)));
  const screen = validationErrorOf(() => screenRequestOf(pickScreenFields(body)));
  const ids = serveIds(name);
  // Marked as the server's, as the MCP tool marks its own.
  const built = validationErrorOf(() => ({ ...buildTool(name, own, ids), source: ids.source }));
  const restated = built.error === undefined ? undefined : inToolTerms(name, built.error);
  let waitDeviceMs: number | undefined;
  const targetOfBody = (invalid: SvcError | undefined) => {
    const read = readBody(body, allowed, runtime.deps.env, [restated ?? invalid, screen.error]);
    waitDeviceMs = read.waitDeviceMs;
    return read.target;
  };
  if (restated !== undefined) {
    targetOfBody(undefined);
    throw restated;
  }
  const prepared = await prepareSubmission({
    raw: built.value,
    timeoutGiven: body.timeoutMs !== undefined,
    target: (invalid) => targetOfBody(invalid === undefined ? undefined : inToolTerms(name, invalid)),
    screenshotsDir: runtime.screenshotsDir,
    cwd: runtime.deps.cwd,
    verbose: false,
  });
  if (!prepared.ok && prepared.step === 'target') throw prepared.error;
  if (screen.error) throw screen.error;
  if (!prepared.ok) {
    return runtime.reject(built.value, inToolTerms(name, prepared.error), prepared.target?.deviceId);
  }
  const result = await runtime.run({ ...prepared.request, waitDeviceMs, screen: screen.value });
  const dir = runtime.screenshotsDir;
  return withScreenshotUrls(result, dir === undefined ? undefined : ensureScreenshotsDir(dir));
}

export const mountToolRoutes: RouteModule = (app, runtime) => {
  app.post('/tools/:name', async (c) => {
    const name = c.req.param('name');
    const body = await readJsonObjectBody(c);
    if (TOOLS.has(name)) return sendRunResult(c, await runActionTool(runtime, name, body));
    if (choreOf(name) === undefined) {
      const tools = [...TOOLS.keys(), ...REGISTRY.chores.map((chore) => chore.name)];
      throw new SvcError('NOT_FOUND', `No tool named ${JSON.stringify(name)}.`, { tool: name, tools });
    }
    const { deviceId, waitDeviceMs, args, fieldsError } = targetFields(body);
    const target = resolveTarget({ deviceId }, runtime.deps.env);
    const result = await runtime.deps.runChore(name, {
      params: args,
      target,
      cwd: runtime.deps.cwd,
      // `svc serve` writes a pulled recording only inside its screenshots folder, as it does a screenshot.
      outputDir: runtime.screenshotsDir,
      // `install` reads an APK only from the folder the server's user named.
      apksDir: runtime.apksDir,
      waitDeviceMs,
      fieldsError,
    });
    return sendOk(c, result);
  });
};
