// Careless and hostile input, as a new user or an agent types it, on every surface: each answer is a JSON error with
// a code, a hint that points only at fields the error has (details.path, details.issues), the field at fault as
// details.path, and every problem of the request in one answer (a bad body field and a bad execution together), so
// an agent fixes everything in one round. None of these reaches a device: they fail before any adb call.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { createContext } from '../src/core/context.ts';
import { createServerApp } from '../src/server/app.ts';
import { listenTcp, type RunningServer } from '../src/server/listen.ts';
import { connectStdio, expectProtocolError, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';

/** The error body's promises hold: a hint naming details.<field> has that field; a validation error lists issues. */
function assertWellFormed(error: Loose, what: string): void {
  assert.equal(typeof error?.code, 'string', `${what}: ${JSON.stringify(error)}`);
  assert.equal(typeof error.message, 'string', what);
  assert.equal(typeof error.hint, 'string', what);
  for (const [, field] of error.hint.matchAll(/details\.(\w+)/g)) {
    assert.ok(error.details?.[field] !== undefined, `${what}: the hint points at details.${field}, which is absent`);
  }
  if (error.code === 'EXECUTION_VALIDATION_FAILED') {
    assert.equal(typeof error.details?.path, 'string', `${what}: no details.path`);
    assert.ok(Array.isArray(error.details.issues) && error.details.issues.length > 0, `${what}: no details.issues`);
    assert.equal(error.details.issues[0].path, error.details.path, `${what}: the first issue is details.path`);
  }
}

const pathsOf = (error: Loose): string[] => (error.details.issues as { path: string }[]).map((issue) => issue.path);

describe('careless input on the command line', () => {
  let env: Record<string, string>;
  before(async () => {
    // An adb server nobody runs: a case that reached a device would fail differently and show up.
    env = { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}`, SVC_ADB_PATH: '/nonexistent/adb' };
  });

  const CASES: [argv: string[], code: string, path: string | undefined][] = [
    [['click'], 'EXECUTION_VALIDATION_FAILED', 'actions[0].params.matcher'],
    [['click', '--text'], 'CLI_USAGE_ERROR', '--text'],
    [['click', '--bogus'], 'CLI_USAGE_ERROR', '--bogus'],
    [['click', '--selector', '{bad'], 'EXECUTION_VALIDATION_FAILED', '--selector'],
    [['click', '--coordinate', '10'], 'CLI_USAGE_ERROR', '--coordinate'],
    [['click', '--coordinate', '-1', '5'], 'EXECUTION_VALIDATION_FAILED', '--coordinate'],
    [['click', '--id', 'a', '--focus', '--long'], 'CLI_USAGE_ERROR', '--long'],
    [['sleep', 'abc'], 'EXECUTION_VALIDATION_FAILED', 'duration-ms'],
    [['sleep', '999999'], 'EXECUTION_VALIDATION_FAILED', 'duration-ms'],
    [['wait', '--text', 'x', '--timeout', '119000'], 'EXECUTION_VALIDATION_FAILED', '--timeout'],
    [['scroll-until', '--text', 'x', '--max-scrolls', '500'], 'EXECUTION_VALIDATION_FAILED', '--max-scrolls'],
    [['click', '--selector', '{"txt":"OK"}'], 'EXECUTION_VALIDATION_FAILED', '--selector'],
    [['press', 'sideways'], 'EXECUTION_VALIDATION_FAILED', 'key'],
    [['on-screen-log', 'set', '--text', 'hi', '--width-dp', '5'], 'EXECUTION_VALIDATION_FAILED', '--width-dp'],
    [['press', 'back', '--key', 'home'], 'CLI_USAGE_ERROR', '--key'],
    [['scroll', 'up', '--direction', 'down'], 'CLI_USAGE_ERROR', '--direction'],
    [['snapshot', '--output', 'bogus'], 'EXECUTION_VALIDATION_FAILED', '--output'],
    [['snapshot', '--format', 'bogus'], 'EXECUTION_VALIDATION_FAILED', '--format'],
    [['snapshot', '--driver', 'magic'], 'EXECUTION_VALIDATION_FAILED', '--driver'],
    [['snapshot', '--wait-device-ms', 'soon'], 'EXECUTION_VALIDATION_FAILED', '--wait-device-ms'],
    [['snapshot', '--adb-server', 'nowhere'], 'EXECUTION_VALIDATION_FAILED', '--adb-server'],
    [['exec', 'no-such-file.json'], 'EXECUTION_VALIDATION_FAILED', 'json-or-file'],
    // svc exec fills the bookkeeping fields a bare {"actions": [...]} leaves out: the empty list is what is wrong.
    [['exec', '{"actions":[]}', '--validate-only'], 'EXECUTION_VALIDATION_FAILED', 'actions'],
    [['serve', '--port', 'x'], 'EXECUTION_VALIDATION_FAILED', '--port'],
    [['completion', 'fish'], 'EXECUTION_VALIDATION_FAILED', 'shell'],
    [['completion'], 'CLI_USAGE_ERROR', 'shell'],
    [['operator', 'setup'], 'CLI_USAGE_ERROR', '--apk'],
    [['skills', 'compile-artifact', 'some.skill'], 'CLI_USAGE_ERROR', '--artifact'],
    [['skills', 'search'], 'CLI_USAGE_ERROR', '--app'],
    [['skills', 'install'], 'CLI_USAGE_ERROR', '--repo'],
    [['nosuch'], 'CLI_USAGE_ERROR', undefined],
  ];

  test('every error has a code, a hint that points only at fields it has, and the flag at fault as details.path', async () => {
    for (const [argv, code, path] of CASES) {
      const run = await runCliJson(argv, { env });
      const what = `svc ${argv.join(' ')}`;
      assert.equal(run.code, 1, what);
      assert.equal(run.json.code, code, `${what}: ${run.stdout}`);
      assertWellFormed(run.json, what);
      assert.equal(run.json.details?.path, path, `${what}: ${run.stdout}`);
    }
  });

  test('every bad global flag is told at once', async () => {
    const run = await runCliJson(
      ['snapshot', '--output', 'bogus', '--timeout', 'soon', '--driver', 'magic', '--wait-device-ms', 'x'],
      { env },
    );
    assertWellFormed(run.json, 'four bad flags');
    assert.deepEqual(pathsOf(run.json), ['--output', '--timeout', '--driver', '--wait-device-ms']);
    assert.match(
      run.json.message,
      /^--output must be json or pretty \(got bogus\) \(and 3 more problems: details\.issues\)$/,
    );
  });

  test('a usage error says which command to ask help for', async () => {
    const run = await runCliJson(['skills', 'compile-artifact', 'x'], { env });
    assert.equal(run.json.hint, 'Run `svc help skills compile-artifact` for the accepted flags.');
    const flat = await runCliJson(['click', '--coordinate', '1'], { env });
    assert.equal(flat.json.hint, 'Run `svc help click` for the accepted flags.');
    const nested = await runCliJson(['on-screen-log', 'set', '--text', 'a', '--anchor', 'left', '--anchor', 'right'], {
      env,
    });
    assert.equal(nested.json.hint, 'Run `svc help on-screen-log set` for the accepted flags.');
  });
});

describe('careless bodies over HTTP: every problem in one answer', () => {
  let server: RunningServer;
  before(async () => {
    const adb = `tcp:127.0.0.1:${await freePort()}`;
    const ctx = createContext({ env: { ...isolatedEnv(), ADB_SERVER_SOCKET: adb }, cwd: tmpdir() });
    server = await listenTcp(createServerApp(ctx, { auth: 'none', loopbackHostOnly: true }), {
      host: '127.0.0.1',
      port: 0,
    });
  });
  after(async () => {
    await server?.close();
  });

  test('POST /execute: a bad body field and a bad execution are told together', async () => {
    const response = await postJson(server.url, '/execute', {
      execution: { commandId: 'c', actions: [{ id: 'a', type: 'bogus' }] },
      extra: 1,
      waitDeviceMs: 'soon',
    });
    assert.equal(response.status, 400);
    assertWellFormed(response.body.error, '/execute');
    const paths = pathsOf(response.body.error);
    // The bookkeeping an agent leaves out (taskId, timeoutMs, ...) is filled in; what it got wrong is told.
    for (const path of ['extra', 'waitDeviceMs', 'actions[0].type']) {
      assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
    }
    assert.equal(response.body.error?.details?.path, 'extra');
  });

  test('POST /execute: a bad execution alone is the run result it always was', async () => {
    const response = await postJson(server.url, '/execute', { execution: { commandId: 'c' } });
    assert.equal(response.status, 400);
    assertWellFormed(response.body.error, '/execute');
    assert.equal(response.body.error?.details?.path, 'actions');
  });

  test('POST /snapshot: an unknown field and a bad format together', async () => {
    const response = await postJson(server.url, '/snapshot', { device: 'x', format: 'bad' });
    assertWellFormed(response.body.error, '/snapshot');
    assert.deepEqual(pathsOf(response.body.error), ['device', 'format']);
  });

  test('POST /screenshot: an unknown field, a bad format and a bad quality together', async () => {
    const response = await postJson(server.url, '/screenshot', { zzz: 1, format: 'bad', quality: 500 });
    assertWellFormed(response.body.error, '/screenshot');
    const paths = pathsOf(response.body.error);
    for (const path of ['zzz', 'format', 'quality']) assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
  });

  test('POST /tools/<name>: a bad deviceId, a bad waitDeviceMs and a bad argument together', async () => {
    const response = await postJson(server.url, '/tools/rotate', {
      orientation: 'sideways',
      deviceId: 5,
      waitDeviceMs: -1,
    });
    assert.equal(response.status, 400);
    assertWellFormed(response.body.error, '/tools/rotate');
    assert.deepEqual(pathsOf(response.body.error), ['deviceId', 'waitDeviceMs', 'orientation']);
  });
});

describe('careless tool calls over MCP', () => {
  let session: StdioSession;
  let cwd: string;
  before(async () => {
    cwd = await mkdtemp(join(tmpdir(), 'svc-careless-'));
    const adb = `tcp:127.0.0.1:${await freePort()}`;
    session = await connectStdio(['--no-daemon'], isolatedEnv({ ADB_SERVER_SOCKET: adb }), cwd);
  });
  after(async () => {
    await session?.close();
    await rm(cwd, { recursive: true, force: true, maxRetries: 5 });
  });

  test('execute: an unknown argument and a bad execution are told together', async () => {
    const error = await expectProtocolError(session.client, 'execute', {
      execution: { commandId: 1, actions: [] },
      zz: 1,
    });
    assertWellFormed(error.data, 'execute');
    const paths = pathsOf(error.data);
    // taskId and the rest of the bookkeeping are filled in when left out; a commandId given wrong is told.
    for (const path of ['zz', 'commandId', 'actions']) {
      assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
    }
  });

  test('an unknown tool names the field at fault and where to find the tools', async () => {
    const error = await expectProtocolError(session.client, 'nosuchtool', {});
    assertWellFormed(error.data, 'nosuchtool');
    assert.equal((error.data as Loose).details.path, 'name');
    assert.match((error.data as Loose).hint, /tools\/list/);
  });

  test('a gesture given loose pixels (x, y) is pointed at the one argument a point is', async () => {
    const tapped = await expectProtocolError(session.client, 'double-tap', { x: 540, y: 900 });
    assertWellFormed(tapped.data, 'double-tap');
    assert.equal((tapped.data as Loose).details.path, 'x');
    assert.match((tapped.data as Loose).message, /unknown argument "x" \(a point is one argument: coordinate \{"x"/);
    const swiped = await expectProtocolError(session.client, 'swipe', { x1: 540, y1: 1800, x2: 540, y2: 600 });
    assert.match((swiped.data as Loose).message, /unknown argument "x1" \(the points are two arguments: from/);
    // A tool that takes no point says nothing of one.
    const scrolled = await expectProtocolError(session.client, 'scroll', { x: 1 });
    assert.doesNotMatch((scrolled.data as Loose).message, /a point/);
  });

  test('click with a field of the CLI names it', async () => {
    const error = await expectProtocolError(session.client, 'click', { text: 'Nope' });
    assertWellFormed(error.data, 'click');
    assert.equal((error.data as Loose).details.path, 'text');
  });
});
