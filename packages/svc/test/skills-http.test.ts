// GET /skills, GET /skills/:skillId, POST /skills/:skillId/run over real HTTP (port 0) against the fixture skills
// repository: the SPEC 4.1/4.2 shapes, route-level validation, every skill code with its status, and a client that
// hangs up stopping the script.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { getJson, postJson } from './server-helpers.ts';
import { BROKEN_SKILL_DETAILS, createFixtureRepo, type FixtureRepo } from './skills-fixture.ts';
import { isAlive, waitUntil } from './skills-process.ts';

const NOTES = 'com.example.notes.create-note';

describe('skills HTTP routes', () => {
  let repo: FixtureRepo;
  let server: RunningServer;
  let env: Record<string, string | undefined>;
  // A run resolves its device like every device route: one simulated device on a private adb server.
  let lab: Lab;
  let serial: string;
  before(async () => {
    repo = createFixtureRepo();
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial as string;
    // The routes read the registry through the server's env on every request, so a test can re-point it.
    env = { ...lab.env, ...repo.env };
    server = await listenTcp(
      createServerApp(createContext({ env, cwd: repo.dir }), { auth: 'none', loopbackHostOnly: true }),
      {
        host: '127.0.0.1',
        port: 0,
      },
    );
  });
  after(async () => {
    await server?.close();
    await lab.close();
    rmSync(repo.dir, { recursive: true, force: true, maxRetries: 5 });
  });
  const ids = (body: Record<string, unknown>) => (body.skills as { id: string }[]).map((skill) => skill.id);

  it('GET /skills lists every skill with count', async () => {
    const response = await getJson(server.url, '/skills');
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body), ['ok', 'skills', 'count']);
    assert.equal(response.body.count, 8);
    assert.equal(ids(response.body).length, 8);
  });

  it('GET /skills filters by exact app and intent, and keyword over id, summary and applicationId', async () => {
    const query = async (q: string) => {
      const response = await getJson(server.url, `/skills?${q}`);
      assert.equal(response.status, 200);
      assert.equal(response.body.count, (response.body.skills as unknown[]).length);
      return ids(response.body);
    };
    assert.deepEqual(await query('app=com.example.broken&intent=fails'), ['com.example.broken.fails']);
    assert.deepEqual(await query('app=com.example'), []);
    assert.deepEqual(await query('keyword=ANDROID.SETTINGS'), ['com.example.settings.read-wifi']);
    assert.deepEqual(await query('keyword=wi-fi%20network'), ['com.example.settings.read-wifi']);
    assert.equal((await query('keyword=&app=')).length, 8);
  });

  it('GET /skills/:skillId answers the entry, or 404 SKILL_NOT_FOUND', async () => {
    const found = await getJson(server.url, `/skills/${NOTES}`);
    assert.equal(found.status, 200);
    assert.deepEqual(Object.keys(found.body), ['ok', 'skill']);
    assert.equal((found.body.skill as { id: string }).id, NOTES);
    const missing = await getJson(server.url, '/skills/no.such.skill');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.ok, false);
    assert.equal(missing.body.error?.code, 'SKILL_NOT_FOUND');
  });

  it('answers 500 REGISTRY_READ_FAILED with the path and the reason on every skills route', async () => {
    const path = join(repo.dir, 'broken-registry.json');
    writeFileSync(path, '{"skills": ');
    env.SVC_SKILLS_REGISTRY = path;
    try {
      for (const response of [
        await getJson(server.url, '/skills'),
        await getJson(server.url, `/skills/${NOTES}`),
        await postJson(server.url, `/skills/${NOTES}/run`, {}),
      ]) {
        assert.equal(response.status, 500);
        assert.equal(response.body.error?.code, 'REGISTRY_READ_FAILED');
        assert.equal(response.body.error?.details?.path, path);
        assert.match(String(response.body.error?.details?.reason), /invalid JSON/);
      }
    } finally {
      env.SVC_SKILLS_REGISTRY = repo.registryPath;
    }
  });

  it('POST run answers the SPEC 4.2 success shape, deviceId first then each arg stringified', async () => {
    const response = await postJson(server.url, `/skills/${NOTES}/run`, {
      deviceId: serial,
      args: ['text', 7, true, null, { k: 'v' }, [1]],
      timeoutMs: 20000,
      expectContains: 'hello from echo',
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const body = response.body as Record<string, unknown> & { skillResult: { argv: string[]; env: object } };
    assert.deepEqual(Object.keys(body).sort(), [
      'durationMs',
      'exitCode',
      'expectedSubstring',
      'ok',
      'output',
      'skillId',
      'skillResult',
      'timeoutMs',
    ]);
    assert.equal(body.ok, true);
    assert.equal(body.exitCode, 0);
    assert.equal(body.timeoutMs, 20000);
    assert.equal(body.expectedSubstring, 'hello from echo');
    assert.deepEqual(body.skillResult.argv, [serial, 'text', '7', 'true', 'null', '{"k":"v"}', '[1]']);
    assert.equal((body.skillResult.env as { SVC_OPERATOR_PACKAGE: string }).SVC_OPERATOR_PACKAGE, 'com.svc.operator');
    assert.ok(existsSync((body.skillResult.env as { SVC_BIN: string }).SVC_BIN));
  });

  it('POST run with an empty body uses the defaults: the only device, no args, timeout 120000', async () => {
    const response = await postJson(server.url, `/skills/${NOTES}/run`, '');
    assert.equal(response.status, 200);
    assert.equal(response.body.timeoutMs, 120000);
    assert.deepEqual((response.body.skillResult as { argv: string[] }).argv, [serial]);
    assert.equal(Object.hasOwn(response.body, 'expectedSubstring'), false);
  });

  it('POST run failures: 400 SKILL_EXECUTION_FAILED, SKILL_OUTPUT_ASSERTION_FAILED, SKILL_RESULT_PARSE_FAILED', async () => {
    const failed = await postJson(server.url, '/skills/com.example.broken.fails/run', {});
    assert.equal(failed.status, 400);
    assert.equal(failed.body.error?.code, 'SKILL_EXECUTION_FAILED');
    assert.deepEqual(failed.body.error?.details, BROKEN_SKILL_DETAILS.fails);
    const assertion = await postJson(server.url, '/skills/com.example.settings.read-wifi/run', {
      expectContains: 'Elsewhere',
      timeoutMs: 8000,
    });
    assert.equal(assertion.status, 400);
    assert.equal(assertion.body.error?.code, 'SKILL_OUTPUT_ASSERTION_FAILED');
    assert.equal(assertion.body.error?.details?.expectedSubstring, 'Elsewhere');
    assert.equal(assertion.body.error?.details?.timeoutMs, 8000);
    assert.match(String(assertion.body.error?.details?.output), /HomeNet/);
    const parse = await postJson(server.url, '/skills/com.example.broken.bad-frame/run', {});
    assert.equal(parse.status, 400);
    assert.equal(parse.body.error?.code, 'SKILL_RESULT_PARSE_FAILED');
    assert.deepEqual(parse.body.error?.details, BROKEN_SKILL_DETAILS.badFrame);
    const unknown = await postJson(server.url, '/skills/nope/run', {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error?.code, 'SKILL_NOT_FOUND');
  });

  it('POST run answers 400 SKILL_EXECUTION_FAILED when the timeout passes, with the grandchild killed', async () => {
    const pidFile = join(repo.dir, 'http-grandchild.pid');
    const response = await postJson(server.url, '/skills/com.example.slow.sleeper/run', {
      args: [pidFile],
      timeoutMs: 2500,
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.error?.code, 'SKILL_EXECUTION_FAILED');
    assert.equal(response.body.error?.details?.exitCode, null);
    assert.equal(response.body.error?.details?.timeoutMs, 2500);
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(await waitUntil(() => !isAlive(grandchild)), `grandchild ${grandchild} still runs`);
  });

  it('POST run rejects a body field of the wrong type with 400 naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ args: 'a b' }, 'args', 'EXECUTION_VALIDATION_FAILED'],
      [{ timeoutMs: 0 }, 'timeoutMs', 'EXECUTION_VALIDATION_FAILED'],
      [{ timeoutMs: 1.5 }, 'timeoutMs', 'EXECUTION_VALIDATION_FAILED'],
      [{ timeoutMs: '5000' }, 'timeoutMs', 'EXECUTION_VALIDATION_FAILED'],
      [{ timeoutMs: 2 ** 31 }, 'timeoutMs', 'EXECUTION_VALIDATION_FAILED'],
      [{ expectContains: 3 }, 'expectContains', 'EXECUTION_VALIDATION_FAILED'],
      [{ deviceId: 5 }, 'deviceId', 'EXECUTION_VALIDATION_FAILED'],
      [{ device: 'x' }, 'device', 'EXECUTION_VALIDATION_FAILED'],
      [[1, 2], 'body', 'EXECUTION_VALIDATION_FAILED'],
    ];
    for (const [body, path, code] of cases) {
      const response = await postJson(server.url, `/skills/${NOTES}/run`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error?.code, code);
      assert.equal(response.body.error?.details?.path, path, JSON.stringify(body));
    }
    const malformed = await postJson(server.url, `/skills/${NOTES}/run`, '{"args": [');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error?.code, 'INVALID_JSON');
  });

  it('stops the script and its grandchild when the HTTP client hangs up', async () => {
    const pidFile = join(repo.dir, 'hangup-grandchild.pid');
    const controller = new AbortController();
    const request = fetch(`${server.url}/skills/com.example.slow.sleeper/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ args: [pidFile], timeoutMs: 60000 }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    assert.ok(await waitUntil(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== ''));
    const grandchild = Number(readFileSync(pidFile, 'utf8'));
    assert.ok(isAlive(grandchild));
    controller.abort();
    await request;
    assert.ok(await waitUntil(() => !isAlive(grandchild)), `grandchild ${grandchild} still runs`);
  });
});
