// POST /tools/<name>: the device tools (foreground, screen, rotate, apps, install, logs, crashes, clipboard,
// gestures, location, recording). The body holds the tool's arguments plus deviceId and waitDeviceMs; a bad
// argument is a 400 naming it, a missing device 404, a busy device 423 (see each tool's description).
import { type JsonObject, readJsonObjectBody, sendOk } from '../../adapters/http/responses.ts';
import { SvcError } from '../../contracts/errors.ts';
import { resolveTarget } from '../../submit/target.ts';
import type { RouteModule } from '../runtime.ts';

const MAX_WAIT_DEVICE_MS = 120_000;

function targetFields(body: JsonObject) {
  const { deviceId, waitDeviceMs, ...args } = body;
  if (deviceId !== undefined && typeof deviceId !== 'string') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'deviceId must be a string.', { path: 'deviceId' });
  }
  if (
    waitDeviceMs !== undefined &&
    (typeof waitDeviceMs !== 'number' ||
      !Number.isInteger(waitDeviceMs) ||
      waitDeviceMs < 0 ||
      waitDeviceMs > MAX_WAIT_DEVICE_MS)
  ) {
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      `waitDeviceMs must be an integer from 0 to ${MAX_WAIT_DEVICE_MS}.`,
      {
        path: 'waitDeviceMs',
      },
    );
  }
  return { deviceId, waitDeviceMs: waitDeviceMs as number | undefined, args };
}

export const mountToolRoutes: RouteModule = (app, runtime) => {
  app.post('/tools/:name', async (c) => {
    const body = await readJsonObjectBody(c);
    const { deviceId, waitDeviceMs, args } = targetFields(body);
    const target = resolveTarget({ deviceId }, runtime.deps.env);
    const result = await runtime.deps.runTool(c.req.param('name'), {
      args,
      target,
      cwd: runtime.deps.cwd,
      // `svc serve` writes a pulled recording only inside its screenshots folder, as it does a screenshot.
      outputDir: runtime.screenshotsDir,
      waitDeviceMs,
    });
    return sendOk(c, result);
  });
};
