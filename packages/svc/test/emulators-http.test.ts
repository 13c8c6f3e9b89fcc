// The emulator routes of SPEC 4.1 over real HTTP (127.0.0.1 port 0), backed by the svc-sim SDK stand-ins and a
// private adb server: payloads, the SPEC part 7 statuses of the EMULATOR_* codes, body rules, concurrent starts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { createEmulatorLab, type EmulatorLab } from './emulators-helpers.ts';
import { getJson, type JsonResponse, postJson } from './server-helpers.ts';

async function send(url: string, method: string, path: string): Promise<JsonResponse> {
  const response = await fetch(`${url}${path}`, { method });
  return { status: response.status, headers: response.headers, body: (await response.json()) as JsonResponse['body'] };
}

async function serve(env: Record<string, string>): Promise<RunningServer> {
  const ctx = createContext({ env: { ...process.env, ...env }, cwd: env.HOME ?? process.cwd() });
  return listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true, log: () => {} }), {
    host: '127.0.0.1',
    port: 0,
  });
}

describe('emulator HTTP routes through real adb', () => {
  let emu: EmulatorLab;
  let server: RunningServer;
  let url = '';
  let serial = '';
  const expectError = (response: JsonResponse, status: number, code: string) => {
    assert.equal(response.status, status, JSON.stringify(response.body));
    assert.equal(response.body.ok, false);
    assert.equal(response.body.error?.code, code);
    return response.body.error;
  };

  before(async () => {
    emu = await createEmulatorLab();
    server = await serve(emu.env);
    url = server.url;
  });
  after(async () => {
    await server.close();
    await emu.close();
  });

  it('GET /android/emulators lists no AVDs at first', async () => {
    const response = await getJson(url, '/android/emulators');
    assert.equal(response.status, 200);
    assert.deepEqual([response.body.ok, response.body.avds], [true, []]);
    assert.equal((response.body.sdk as { found: boolean }).found, true);
  });

  it('rejects create bodies that are not objects, not JSON, or carry unknown or invalid fields', async () => {
    expectError(await postJson(url, '/android/emulators/create', '[]'), 400, 'EXECUTION_VALIDATION_FAILED');
    expectError(await postJson(url, '/android/emulators/create', '{nope'), 400, 'INVALID_JSON');
    const unknown = expectError(
      await postJson(url, '/android/emulators/create', { colour: 'red' }),
      400,
      'EXECUTION_VALIDATION_FAILED',
    );
    assert.equal(unknown?.details?.path, 'colour');
    const api = expectError(
      await postJson(url, '/android/emulators/create', { apiLevel: '35' }),
      400,
      'EXECUTION_VALIDATION_FAILED',
    );
    assert.equal(api?.details?.path, 'apiLevel');
    const play = expectError(
      await postJson(url, '/android/emulators/create', { playStore: 'no' }),
      400,
      'EXECUTION_VALIDATION_FAILED',
    );
    assert.equal(play?.details?.path, 'playStore');
  });

  it('POST /android/emulators/create makes the supported default AVD, and 409 for the same name again', async () => {
    const response = await postJson(url, '/android/emulators/create', {});
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.ok, true);
    assert.equal(response.body.name, 'svc-pixel');
    assert.equal(response.body.supported, true);
    assert.deepEqual(response.body.unsupportedReasons, []);
    expectError(
      await postJson(url, '/android/emulators/create', { name: 'svc-pixel' }),
      409,
      'EMULATOR_ALREADY_EXISTS',
    );
  });

  it('GET /android/emulators/:name inspects one AVD; unknown is 404, a path-like name is 400', async () => {
    const response = await getJson(url, '/android/emulators/svc-pixel');
    assert.equal(response.status, 200);
    assert.deepEqual([response.body.name, response.body.exists, response.body.running], ['svc-pixel', true, false]);
    expectError(await getJson(url, '/android/emulators/ghost'), 404, 'EMULATOR_NOT_FOUND');
    expectError(await getJson(url, '/android/emulators/..%2F..%2Fetc'), 400, 'EXECUTION_VALIDATION_FAILED');
  });

  it('starts an AVD once when two starts race: one 200, the other 409 EMULATOR_ALREADY_RUNNING', async () => {
    const [first, second] = await Promise.all([
      postJson(url, '/android/emulators/svc-pixel/start', ''),
      postJson(url, '/android/emulators/svc-pixel/start', {}),
    ]);
    const ok = [first, second].find((r) => r.status === 200);
    const refused = [first, second].find((r) => r.status !== 200);
    assert.ok(ok && refused, `${first.status} ${second.status}`);
    assert.deepEqual(Object.keys(ok.body).sort(), ['avdName', 'booted', 'ok', 'serial', 'type']);
    assert.deepEqual([ok.body.type, ok.body.avdName, ok.body.booted], ['emulator', 'svc-pixel', true]);
    serial = String(ok.body.serial);
    expectError(refused, 409, 'EMULATOR_ALREADY_RUNNING');
    assert.deepEqual(await emu.emulatorSerials(), [serial]);
  });

  it('GET /android/emulators/running carries the AVD name, boot state and support verdict', async () => {
    const response = await getJson(url, '/android/emulators/running');
    assert.deepEqual(response.body.devices, [
      { type: 'emulator', avdName: 'svc-pixel', serial, booted: true, supported: true, unsupportedReasons: [] },
    ]);
    assert.equal((response.body.sdk as { found: boolean }).found, true);
  });

  it('refuses DELETE of a running AVD with 409 and reuses it on POST /android/provision/emulator', async () => {
    expectError(await send(url, 'DELETE', '/android/emulators/svc-pixel'), 409, 'EMULATOR_ALREADY_RUNNING');
    const response = await postJson(url, '/android/provision/emulator', '');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      ok: true,
      type: 'emulator',
      avdName: 'svc-pixel',
      serial,
      booted: true,
      created: false,
      started: false,
      reused: true,
    });
  });

  it('stops it (200 stopped true), then answers 404 EMULATOR_NOT_RUNNING', async () => {
    const response = await postJson(url, '/android/emulators/svc-pixel/stop', '');
    assert.deepEqual([response.status, response.body], [200, { ok: true, avdName: 'svc-pixel', stopped: true }]);
    assert.deepEqual(await emu.emulatorSerials(), []);
    expectError(await postJson(url, '/android/emulators/svc-pixel/stop', ''), 404, 'EMULATOR_NOT_RUNNING');
  });

  it('answers 404 for starting an unknown AVD and 409 EMULATOR_UNSUPPORTED for an unsupported one', async () => {
    expectError(await postJson(url, '/android/emulators/ghost/start', ''), 404, 'EMULATOR_NOT_FOUND');
    const legacy = await postJson(url, '/android/emulators/create', {
      name: 'legacy',
      apiLevel: 33,
      abi: 'x86_64',
      deviceProfile: 'pixel_5',
      playStore: false,
    });
    assert.equal(legacy.status, 200);
    assert.equal(legacy.body.supported, false);
    const error = expectError(await postJson(url, '/android/emulators/legacy/start', ''), 409, 'EMULATOR_UNSUPPORTED');
    assert.deepEqual(error?.details?.unsupportedReasons, legacy.body.unsupportedReasons);
  });

  it('answers 504 EMULATOR_BOOT_TIMEOUT when boot does not finish within the body timeoutMs', async () => {
    await emu.sdk.configure({ neverBoot: true });
    try {
      const error = expectError(
        await postJson(url, '/android/emulators/svc-pixel/start', { timeoutMs: 4000 }),
        504,
        'EMULATOR_BOOT_TIMEOUT',
      );
      assert.equal(error?.details?.timeoutMs, 4000);
      assert.equal(error?.details?.stopped, true);
    } finally {
      await emu.sdk.configure({ neverBoot: false });
    }
    assert.deepEqual(await emu.sdk.runningEmulatorPids(), []);
    expectError(
      await postJson(url, '/android/emulators/svc-pixel/start', { timeoutMs: 0 }),
      400,
      'EXECUTION_VALIDATION_FAILED',
    );
  });

  it('DELETE removes a stopped AVD (then 404), and provision creates and starts svc-pixel again', async () => {
    const deleted = await send(url, 'DELETE', '/android/emulators/svc-pixel');
    assert.deepEqual([deleted.status, deleted.body], [200, { ok: true, avdName: 'svc-pixel', deleted: true }]);
    expectError(await send(url, 'DELETE', '/android/emulators/svc-pixel'), 404, 'EMULATOR_NOT_FOUND');
    const response = await postJson(url, '/android/provision/emulator', {});
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(
      [response.body.avdName, response.body.created, response.body.started, response.body.reused, response.body.booted],
      ['svc-pixel', true, true, false, true],
    );
    const listed = await getJson(url, '/android/emulators');
    assert.deepEqual(
      (listed.body.avds as Array<{ name: string; running: boolean }>).map((a) => [a.name, a.running]),
      [
        ['legacy', false],
        ['svc-pixel', true],
      ],
    );
    assert.equal((await postJson(url, '/android/emulators/svc-pixel/stop', '')).body.stopped, true);
    assert.deepEqual(await emu.sdk.runningEmulatorPids(), []);
  });

  it('answers 500 ANDROID_SDK_TOOL_NOT_FOUND with the install hint when the SDK has no tools', async () => {
    const bare = await serve({ ...emu.env, ANDROID_HOME: join(emu.dir, 'no-sdk-here') });
    try {
      const error = expectError(
        await postJson(bare.url, '/android/emulators/create', { name: 'x' }),
        500,
        'ANDROID_SDK_TOOL_NOT_FOUND',
      );
      assert.match(error?.message ?? '', /sdkmanager.*cmdline-tools/);
    } finally {
      await bare.close();
    }
  });
});
