// POST /execute, /snapshot (/observe/snapshot), /screenshot (/observe/screenshot) (SPEC 4.1, DECISIONS 2 and 4).
import { SvcError } from '../../contracts/errors.ts';
import { buildScreenshotExecution, buildSnapshotExecution } from '../built-executions.ts';
import { type JsonObject, readJsonObjectBody, sendRunResult } from '../http.ts';
import { readDeviceId, readRequestedPackage, readScreenshotPath, resolveOperatorPackage } from '../request-fields.ts';
import type { RouteModule, ServerRuntime } from '../runtime.ts';

/** deviceId and the operator package, common to every execution route. */
function targetOf(body: JsonObject, runtime: ServerRuntime): { deviceId?: string; operatorPackage: string } {
  const deviceId = readDeviceId(body);
  const operatorPackage = resolveOperatorPackage(readRequestedPackage(body), runtime.deps.env);
  return deviceId === undefined ? { operatorPackage } : { deviceId, operatorPackage };
}

export const mountExecutionRoutes: RouteModule = (app, runtime) => {
  app.post('/execute', async (c) => {
    const body = await readJsonObjectBody(c);
    if (body.execution === undefined || body.execution === null) {
      throw new SvcError('MISSING_EXECUTION', 'The body has no `execution` object.');
    }
    const target = targetOf(body, runtime);
    return sendRunResult(c, await runtime.run({ execution: body.execution, ...target }));
  });

  for (const path of ['/snapshot', '/observe/snapshot']) {
    app.post(path, async (c) => {
      const target = targetOf(await readJsonObjectBody(c), runtime);
      const execution = buildSnapshotExecution(runtime.deps.now());
      return sendRunResult(c, await runtime.run({ execution, ...target }));
    });
  }

  for (const path of ['/screenshot', '/observe/screenshot']) {
    app.post(path, async (c) => {
      const body = await readJsonObjectBody(c);
      const shotPath = readScreenshotPath(body);
      const target = targetOf(body, runtime);
      const execution = buildScreenshotExecution(runtime.deps.now(), shotPath);
      return sendRunResult(c, await runtime.run({ execution, ...target }));
    });
  }
};
