// Emulator routes (SPEC 4.1): list, running, inspect, create, start, stop, delete, provision. The use cases live in
// emulators/; this file reads bodies and shapes answers. Changes (create, start, stop, delete, provision) run one
// at a time per server, so two requests can never start the same AVD twice or create it twice; reads do not wait.

import { type JsonObject, readJsonObjectBody, sendOk } from '../../adapters/http/responses.ts';
import { SvcError } from '../../contracts/errors.ts';
import type { SvcContext } from '../../core/context.ts';
import type { EmulatorDeps } from '../../emulators/deps.ts';
import type { RouteModule } from '../runtime.ts';

const CREATE_KEYS = ['name', 'apiLevel', 'abi', 'deviceProfile', 'playStore', 'timeoutMs'];
/** An hour and a half: a first create downloads a system image of about a gigabyte. */
const MAX_TIMEOUT_MS = 5_400_000;

function rejectUnknownKeys(body: JsonObject, allowed: readonly string[]): void {
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', `Unknown body field '${key}'.`, {
        path: key,
        allowed: [...allowed],
      });
    }
  }
}

/** Optional `timeoutMs` (an addition to SPEC 4.1's bodies): a positive integer of milliseconds. */
function readTimeout(body: JsonObject): number | undefined {
  const value = body.timeoutMs;
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TIMEOUT_MS) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `timeoutMs must be an integer from 1 to ${MAX_TIMEOUT_MS}.`, {
      path: 'timeoutMs',
    });
  }
  return value;
}

function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export const mountEmulatorRoutes: RouteModule = (app, runtime) => {
  const exclusive = serialQueue();
  // The server's own adb connection and process runner, kept warm between requests.
  const ctx = runtime.ctx as SvcContext;
  const deps = async (): Promise<EmulatorDeps> =>
    (await import('../../emulators/deps.ts')).createEmulatorDeps(runtime.deps.env, () => {}, {
      adb: ctx.adb,
      processes: ctx.processes,
    });
  const listing = () => import('../../emulators/list-avds.ts');
  // Listing works without an SDK, and says so: `sdk` names what is missing and how to get it.
  const sdk = async () => (await import('../../emulators/sdk-tools.ts')).sdkStatus(runtime.deps.env);

  app.get('/android/emulators', async (c) => {
    const [avds, status] = await Promise.all([deps().then(async (d) => (await listing()).listAvds(d)), sdk()]);
    return sendOk(c, { avds, sdk: status });
  });

  // Registered before /:name, so `running` is always this list.
  app.get('/android/emulators/running', async (c) => {
    const [devices, status] = await Promise.all([
      deps().then(async (d) => (await listing()).listRunningWithSupport(d)),
      sdk(),
    ]);
    return sendOk(c, { devices, sdk: status });
  });

  app.get('/android/emulators/:name', async (c) => {
    return sendOk(c, { ...(await (await listing()).inspectAvd(await deps(), c.req.param('name'))) });
  });

  app.post('/android/emulators/create', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownKeys(body, CREATE_KEYS);
    const timeoutMs = readTimeout(body);
    const { createAvd } = await import('../../emulators/create-avd.ts');
    const avd = await exclusive(async () => createAvd(await deps(), body, timeoutMs));
    return sendOk(c, { ...avd });
  });

  app.post('/android/emulators/:name/start', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownKeys(body, ['timeoutMs']);
    const timeoutMs = readTimeout(body);
    const { startEmulator } = await import('../../emulators/start-emulator.ts');
    const name = c.req.param('name');
    return sendOk(c, { ...(await exclusive(async () => startEmulator(await deps(), name, timeoutMs))) });
  });

  app.post('/android/emulators/:name/stop', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownKeys(body, ['timeoutMs']);
    const timeoutMs = readTimeout(body);
    const { stopEmulator } = await import('../../emulators/stop-emulator.ts');
    const name = c.req.param('name');
    return sendOk(c, await exclusive(async () => stopEmulator(await deps(), name, timeoutMs)));
  });

  app.delete('/android/emulators/:name', async (c) => {
    const { deleteAvd } = await import('../../emulators/delete-avd.ts');
    const name = c.req.param('name');
    return sendOk(c, await exclusive(async () => deleteAvd(await deps(), name)));
  });

  app.post('/android/provision/emulator', async (c) => {
    const body = await readJsonObjectBody(c);
    rejectUnknownKeys(body, ['timeoutMs']);
    const timeoutMs = readTimeout(body);
    const { provisionEmulator } = await import('../../emulators/provision-emulator.ts');
    return sendOk(c, { ...(await exclusive(async () => provisionEmulator(await deps(), timeoutMs))) });
  });
};
