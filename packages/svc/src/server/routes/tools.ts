// POST /tools/<name>: the device tools (foreground, screen, rotate, apps, install, logs, crashes, clipboard,
// gestures, location, recording). The body holds the tool's arguments plus deviceId and waitDeviceMs; a bad
// argument is a 400 naming it, a missing device 404, a busy device 423 (see each tool's description).
import { type JsonObject, readJsonObjectBody, sendOk } from '../../adapters/http/responses.ts';
import { waitDeviceMsProblem } from '../../contracts/limits.ts';
import { fail, Issues, toValidationErrorOf } from '../../contracts/validation-issue.ts';
import { resolveTarget } from '../../submit/target.ts';
import type { RouteModule } from '../runtime.ts';

/** deviceId and waitDeviceMs, both checked; their problems are told with the tool's own (runTool merges them). */
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

export const mountToolRoutes: RouteModule = (app, runtime) => {
  app.post('/tools/:name', async (c) => {
    const body = await readJsonObjectBody(c);
    const { deviceId, waitDeviceMs, args, fieldsError } = targetFields(body);
    const target = resolveTarget({ deviceId }, runtime.deps.env);
    const result = await runtime.deps.runTool(c.req.param('name'), {
      args,
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
