// POST /execute, /snapshot (/observe/snapshot), /screenshot (/observe/screenshot). The execution is validated here,
// at the edge, once; a rejected one still gets its svc:execution event (every attempt is published).
import { readJsonObjectBody, sendRunResult } from '../../adapters/http/responses.ts';
import { SvcError } from '../../contracts/errors.ts';
import { timeoutGivenIn, withExecutionDefaults } from '../../contracts/execution-defaults.ts';
import { pickScreenFields, SCREEN_FIELD_NAMES, screenRequestOf } from '../../contracts/screen-request.ts';
import { isValidation, validationErrorOf, validationErrorOfAsync } from '../../contracts/validation-issue.ts';
import {
  confinedScreenshotPath,
  ensureScreenshotsDir,
  randomScreenshotPath,
} from '../../executions/screenshot-paths.ts';
import { prepareSubmission } from '../../submit/prepare.ts';
import { buildScreenshotExecution, buildSnapshotExecution, serveIds } from '../built-executions.ts';
import { IMAGE_FIELDS, readImageOptions, readSnapshotScreen } from '../observe-fields.ts';
import { readBody, TARGET_FIELDS } from '../request-fields.ts';
import type { RouteModule } from '../runtime.ts';
import { withScreenshotUrls } from './screenshot-files.ts';

export const mountExecutionRoutes: RouteModule = (app, runtime) => {
  const env = () => runtime.deps.env;

  app.post('/execute', async (c) => {
    const body = await readJsonObjectBody(c);
    const given = body.execution !== undefined && body.execution !== null;
    const screen = validationErrorOf(() => screenRequestOf(pickScreenFields(body)));
    let waitDeviceMs: number | undefined;
    // A bad body field and a bad execution are told in one answer.
    const targetOfBody = (invalid: SvcError | undefined) => {
      const read = readBody(body, ['execution', ...TARGET_FIELDS, ...SCREEN_FIELD_NAMES], env(), [
        invalid !== undefined && isValidation(invalid) ? invalid : undefined,
        screen.error,
      ]);
      waitDeviceMs = read.waitDeviceMs;
      return read.target;
    };
    if (!given) {
      targetOfBody(undefined);
      throw new SvcError('MISSING_EXECUTION', 'The body has no `execution` object.');
    }
    const prepared = await prepareSubmission({
      // The bookkeeping an agent may leave out (ids, source, format, timeout) is filled; the rest is checked in full.
      raw: withExecutionDefaults(body.execution, serveIds('exec')),
      timeoutGiven: timeoutGivenIn(body.execution),
      target: targetOfBody,
      screenshotsDir: runtime.screenshotsDir,
      cwd: runtime.deps.cwd,
      verbose: false,
    });
    // A target the body cannot name is a problem of the body (told with the rest of it).
    if (!prepared.ok && prepared.step === 'target') throw prepared.error;
    if (screen.error) throw screen.error;
    if (!prepared.ok)
      return sendRunResult(c, runtime.reject(body.execution, prepared.error, prepared.target?.deviceId));
    const result = await runtime.run({ ...prepared.request, waitDeviceMs, screen: screen.value });
    const dir = runtime.screenshotsDir;
    return sendRunResult(c, withScreenshotUrls(result, dir === undefined ? undefined : ensureScreenshotsDir(dir)));
  });

  for (const path of ['/snapshot', '/observe/snapshot']) {
    app.post(path, async (c) => {
      const body = await readJsonObjectBody(c);
      const screen = validationErrorOf(() => readSnapshotScreen(body));
      const fields = ['format', ...SCREEN_FIELD_NAMES.filter((name) => name !== 'screen'), ...TARGET_FIELDS];
      const { target, waitDeviceMs } = readBody(body, fields, env(), [screen.error]);
      if (screen.error) throw screen.error;
      const request = {
        execution: buildSnapshotExecution(),
        target,
        cwd: runtime.deps.cwd,
        verbose: false,
        waitDeviceMs,
        screen: screen.value,
      };
      return sendRunResult(c, await runtime.run(request));
    });
  }

  for (const path of ['/screenshot', '/observe/screenshot']) {
    app.post(path, async (c) => {
      const body = await readJsonObjectBody(c);
      const image = await validationErrorOfAsync(() => readImageOptions(body));
      const {
        target,
        waitDeviceMs,
        path: requested,
      } = readBody(body, ['path', ...IMAGE_FIELDS, ...TARGET_FIELDS], env(), [image.error]);
      if (image.error) throw image.error;
      const dir = runtime.screenshotsDir;
      const shotPath =
        dir === undefined
          ? requested
          : requested === undefined
            ? randomScreenshotPath(ensureScreenshotsDir(dir))
            : confinedScreenshotPath(requested, dir, 'path');
      const execution = buildScreenshotExecution(shotPath);
      const result = await runtime.run({ execution, target, cwd: runtime.deps.cwd, verbose: false, waitDeviceMs });
      // The path the caller chose is kept as it is (a random one of ours may become .jpg).
      const shot = image.value === undefined ? result : await image.value.apply(result, requested);
      return sendRunResult(c, withScreenshotUrls(shot, dir === undefined ? undefined : ensureScreenshotsDir(dir)));
    });
  }
};
