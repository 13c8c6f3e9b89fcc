// Route behaviour with injected fake use cases (no adb): body rules, field resolution, status mapping, headers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SvcError, withHint } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';
import type { SvcContext } from '../core/context.ts';
import { svcVersion } from '../core/version.ts';
import type { SubmitRequest } from '../submit/request.ts';
import { createServerApp, type ServerAppOptions } from './app.ts';
import type { ServerDeps } from './runtime.ts';

const okResult = (deviceId = 'dev-1'): RunResult => ({
  ok: true,
  deviceId,
  driver: 'operator',
  terminalSource: 'svc_result',
  succeeded: true,
  envelope: { commandId: 'c', taskId: 't', status: 'success', stepResults: [], error: null },
});

/** A valid execution (the routes validate before anything runs). */
const EXECUTION = {
  commandId: 'c-1',
  taskId: 't-1',
  source: 'test',
  expectedFormat: 'android-ui-automator',
  timeoutMs: 5000,
  actions: [{ id: 's', type: 'sleep', params: { durationMs: 0 } }],
};

function setup(deps: Partial<ServerDeps> = {}, options: Partial<Omit<ServerAppOptions, 'deps'>> = {}) {
  const requests: SubmitRequest[] = [];
  const logs: string[] = [];
  const serverApp = createServerApp({ env: {} } as unknown as SvcContext, {
    auth: 'none',
    log: (line) => logs.push(line),
    ...options,
    deps: {
      submit: async (request) => {
        requests.push(request);
        return okResult();
      },
      listDevices: async () => [{ serial: 'dev-1', state: 'device' }],
      env: {},
      ...deps,
    },
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    serverApp.app.request(path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
    });
  return { serverApp, requests, logs, post };
}

async function errorOf(
  response: Response,
): Promise<{ code: string; message: string; details?: Record<string, unknown> }> {
  const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
  assert.equal(body.ok, false);
  return body.error;
}

describe('server app routes', () => {
  it('answers GET /devices with every listed device and the version header', async () => {
    const { serverApp } = setup({ listDevices: async () => [{ serial: 'a', state: 'offline' }] });
    const response = await serverApp.app.request('/devices');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-svc-version'), svcVersion());
    assert.deepEqual(await response.json(), { ok: true, devices: [{ serial: 'a', state: 'offline' }] });
  });

  it('maps a device listing failure to HTTP 500 with its code', async () => {
    const { serverApp } = setup({
      listDevices: async () => {
        throw new SvcError('ADB_NOT_FOUND', 'adb missing');
      },
    });
    const response = await serverApp.app.request('/devices');
    assert.equal(response.status, 500);
    assert.equal((await errorOf(response)).code, 'ADB_NOT_FOUND');
  });

  it('rejects malformed JSON with 400 INVALID_JSON', async () => {
    const response = await setup().post('/execute', '{"execution":');
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).code, 'INVALID_JSON');
  });

  for (const body of ['[]', '"text"', '42', 'null']) {
    it(`rejects the non-object body ${body} with 400 EXECUTION_VALIDATION_FAILED path body`, async () => {
      const response = await setup().post('/snapshot', body);
      assert.equal(response.status, 400);
      const error = await errorOf(response);
      assert.equal(error.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal(error.details?.path, 'body');
    });
  }

  it('rejects a body over 100kb with 413 PAYLOAD_TOO_LARGE before running anything', async () => {
    const { post, requests } = setup();
    const response = await post('/execute', { execution: { pad: 'x'.repeat(100 * 1024) } });
    assert.equal(response.status, 413);
    assert.equal((await errorOf(response)).code, 'PAYLOAD_TOO_LARGE');
    assert.equal(requests.length, 0);
  });

  it('answers /execute without an execution with 400 MISSING_EXECUTION', async () => {
    const response = await setup().post('/execute', { deviceId: 'x' });
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).code, 'MISSING_EXECUTION');
  });

  it('rejects a non-string deviceId with 400 naming the field', async () => {
    const response = await setup().post('/execute', { execution: EXECUTION, deviceId: 7 });
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).details?.path, 'deviceId');
  });

  it('refuses unknown body fields by name, all of them, before running anything', async () => {
    const { post, requests } = setup();
    const response = await post('/snapshot', { device: 'x', pkg: 'y' });
    assert.equal(response.status, 400);
    const error = await errorOf(response);
    assert.equal(error.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(error.details?.path, 'device');
    assert.deepEqual(error.details?.unknown, ['device', 'pkg']);
    assert.equal(requests.length, 0);
  });

  it('reports every problem of a body at once, each with its path, and a hint', async () => {
    const { post, requests } = setup();
    const response = await post('/screenshot', {
      device: 'x',
      deviceId: 7,
      driver: 'magic',
      waitDeviceMs: -1,
      path: ' ',
    });
    assert.equal(response.status, 400);
    const error = await errorOf(response);
    assert.equal(error.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(error.details?.path, 'device');
    const paths = (error.details?.issues as { path: string }[] | undefined)?.map((issue) => issue.path);
    assert.deepEqual(paths, ['device', 'deviceId', 'driver', 'waitDeviceMs', 'path']);
    assert.match(String((error as { hint?: string }).hint), /details\.issues/);
    assert.equal(requests.length, 0);
  });

  it('refuses an invalid execution with its path before submitting it', async () => {
    const { post, requests } = setup();
    const response = await post('/execute', { execution: { ...EXECUTION, timeoutMs: 5 } });
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).details?.path, 'timeoutMs');
    assert.equal(requests.length, 0);
  });

  it('submits the validated execution with the deviceId, the requested operator package and the driver', async () => {
    const { post, requests } = setup();
    const response = await post('/execute', {
      execution: EXECUTION,
      deviceId: 'd',
      receiverPackage: 'pkg.x',
      driver: 'adb',
    });
    assert.equal(response.status, 200);
    assert.equal(requests.length, 1);
    assert.deepEqual(requests[0]?.execution, EXECUTION);
    assert.deepEqual(requests[0]?.target, {
      deviceId: 'd',
      deviceSource: 'explicit',
      operatorPackage: 'pkg.x',
      operatorPackageSource: 'given',
      driver: 'adb',
    });
  });

  it('refuses an unknown driver naming the field and the choices', async () => {
    const response = await setup().post('/snapshot', { driver: 'magic' });
    assert.equal(response.status, 400);
    const error = await errorOf(response);
    assert.equal(error.details?.path, 'driver');
    assert.deepEqual(error.details?.allowed, ['auto', 'operator', 'adb']);
  });

  it('accepts both package spellings when equal and rejects them when they differ', async () => {
    const { post, requests } = setup();
    assert.equal((await post('/snapshot', { operatorPackage: 'p', receiverPackage: 'p' })).status, 200);
    assert.equal(requests[0]?.target.operatorPackage, 'p');
    const response = await post('/snapshot', { operatorPackage: 'p', receiverPackage: 'q' });
    assert.equal(response.status, 400);
    assert.equal((await errorOf(response)).code, 'EXECUTION_VALIDATION_FAILED');
  });

  it('resolves the operator package from SVC_OPERATOR_PACKAGE, then SVC_RECEIVER_PACKAGE, then the default', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ SVC_OPERATOR_PACKAGE: 'op', SVC_RECEIVER_PACKAGE: 'rc' }, 'op'],
      [{ SVC_OPERATOR_PACKAGE: '  ', SVC_RECEIVER_PACKAGE: 'rc' }, 'rc'],
      [{}, 'com.svc.operator'],
    ];
    for (const [env, expected] of cases) {
      const { post, requests } = setup({ env });
      await post('/snapshot', {});
      assert.equal(requests[0]?.target.operatorPackage, expected);
    }
  });

  it('builds the snapshot execution on both spellings with unguessable ids, an empty body counting as {}', async () => {
    const { post, requests } = setup();
    for (const path of ['/snapshot', '/observe/snapshot']) assert.equal((await post(path, '')).status, 200);
    for (const request of requests) {
      const { commandId, taskId, ...rest } = request.execution;
      assert.match(commandId, /^serve-snap-\d+-[0-9a-f]{24}$/);
      assert.equal(taskId, commandId);
      assert.deepEqual(rest, {
        source: 'serve-api',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 30000,
        actions: [{ id: 'snap', type: 'snapshot_ui' }],
      });
    }
    assert.notEqual(requests[0]?.execution.commandId, requests[1]?.execution.commandId);
  });

  it('builds the screenshot execution with the given path on both spellings and refuses a blank path', async () => {
    const { post, requests } = setup();
    assert.equal((await post('/screenshot', { path: '/tmp/a.png' })).status, 200);
    assert.equal((await post('/observe/screenshot', {})).status, 200);
    const [withPath, without] = requests.map((r) => r.execution as { commandId: string; actions: unknown[] });
    assert.match(withPath?.commandId ?? '', /^serve-shot-\d+-[0-9a-f]{24}$/);
    assert.deepEqual(withPath?.actions, [{ id: 'shot', type: 'take_screenshot', params: { path: '/tmp/a.png' } }]);
    assert.deepEqual(without?.actions, [{ id: 'shot', type: 'take_screenshot' }]);
    const blank = await post('/observe/screenshot', { path: '  ' });
    assert.equal(blank.status, 400);
    assert.equal((await errorOf(blank)).details?.path, 'path');
  });

  const statusCases: [string, number][] = [
    ['EXECUTION_CONFLICT_IN_FLIGHT', 423],
    ['DEVICE_NOT_FOUND', 404],
    ['NO_DEVICES', 404],
    ['MULTIPLE_DEVICES_DEVICE_ID_REQUIRED', 400],
    ['EXECUTION_VALIDATION_FAILED', 400],
    ['PAYLOAD_TOO_LARGE', 413],
    ['RESULT_ENVELOPE_TIMEOUT', 504],
    ['OPERATOR_NOT_INSTALLED', 500],
    ['SOMETHING_NEW', 500],
  ];
  for (const [code, status] of statusCases) {
    it(`answers a run failure ${code} with HTTP ${status} and the error wrapper`, async () => {
      const { post } = setup({ submit: async () => ({ ok: false, error: { code, message: 'm' } }) });
      const response = await post('/execute', { execution: EXECUTION });
      assert.equal(response.status, status);
      assert.deepEqual(await response.json(), { ok: false, error: withHint({ code, message: 'm' }) });
      assert.equal(typeof withHint({ code, message: 'm' }).hint, 'string');
    });
  }

  it('answers 200 with the full run result when a failed envelope came back', async () => {
    const failed: RunResult = {
      ok: true,
      deviceId: 'd',
      driver: 'operator',
      terminalSource: 'svc_result',
      succeeded: false,
      failedCode: 'SERVICE_UNAVAILABLE',
      envelope: { commandId: 'c', taskId: 't', status: 'failed', error: 'boom', errorCode: 'SERVICE_UNAVAILABLE' },
    };
    const response = await setup({ submit: async () => failed }).post('/execute', { execution: EXECUTION });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), failed);
  });

  it('turns an unexpected throw into 500 INTERNAL_SERVER_ERROR without a stack trace in the body', async () => {
    const { post, logs } = setup({
      submit: async () => {
        throw new TypeError('secret internals');
      },
    });
    const response = await post('/execute', { execution: EXECUTION });
    assert.equal(response.status, 500);
    assert.equal(response.headers.get('x-svc-version'), svcVersion());
    const text = await response.text();
    assert.match(text, /INTERNAL_SERVER_ERROR/);
    assert.doesNotMatch(text, /secret internals|at .*\.ts/);
    assert.match(logs.join('\n'), /secret internals/);
  });

  it('answers unknown routes with 404 NOT_FOUND and the version header', async () => {
    const response = await setup().serverApp.app.request('/nope');
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('x-svc-version'), svcVersion());
    assert.equal((await errorOf(response)).code, 'NOT_FOUND');
  });
});
