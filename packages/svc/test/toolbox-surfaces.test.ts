// Every device tool on every surface refuses a bad argument by name before touching a device, and says which
// device is missing: HTTP (POST /tools/<name>: 400 EXECUTION_VALIDATION_FAILED with details.path, 404 DEVICE_NOT_FOUND), MCP
// (InvalidParams naming the argument, an isError result with DEVICE_NOT_FOUND), the CLI (NO_DEVICES with no
// device, EXECUTION_VALIDATION_FAILED naming the argument). Real adb, simulated devices.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { CHORE_DEFINITIONS, choreOf } from '../src/contracts/chores/index.ts';
import {
  codeOfText,
  connectStdio,
  expectProtocolError,
  jsonOf,
  type Loose,
  type StdioSession,
  textOf,
} from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

/** Per tool: valid arguments, a bad variant and the argument it names, and the same as CLI words. */
const CASES: Record<string, { good: object; bad: object; path: string; argv: string[]; badArgv: string[] }> = {
  foreground: { good: {}, bad: { app: 'x' }, path: 'app', argv: ['foreground'], badArgv: ['foreground', '--app', 'x'] },
  screen: { good: {}, bad: { size: 1 }, path: 'size', argv: ['screen'], badArgv: ['screen', 'extra'] },
  rotate: {
    good: { orientation: 'landscape' },
    bad: { orientation: 'up' },
    path: 'orientation',
    argv: ['rotate', 'landscape'],
    badArgv: ['rotate', 'up'],
  },
  apps: { good: {}, bad: { all: 'yes' }, path: 'all', argv: ['apps'], badArgv: ['apps', '--bogus'] },
  install: {
    good: { apk: 'a.apk' },
    bad: { apk: ' ' },
    path: 'apk',
    argv: ['install', 'a.apk'],
    badArgv: ['install', ' '],
  },
  uninstall: {
    good: { package: 'com.a.b' },
    bad: { package: 'not a package' },
    path: 'package',
    argv: ['uninstall', 'com.a.b'],
    badArgv: ['uninstall', 'nope'],
  },
  logs: { good: {}, bad: { maxLines: 0 }, path: 'maxLines', argv: ['logs'], badArgv: ['logs', '--max-lines', '0'] },
  crashes: {
    good: {},
    bad: { since: 'soon' },
    path: 'since',
    argv: ['crashes'],
    badArgv: ['crashes', '--since', 'soon'],
  },
  crash: { good: { id: 'x@1' }, bad: {}, path: 'id', argv: ['crash', 'x@1'], badArgv: ['crash', ' '] },
  'clipboard-get': {
    good: {},
    bad: { text: 'x' },
    path: 'text',
    argv: ['clipboard', 'get'],
    badArgv: ['clipboard', 'get', '--text', 'x'],
  },
  'clipboard-set': {
    good: { text: 'hi' },
    bad: { text: '' },
    path: 'text',
    argv: ['clipboard', 'set', 'hi'],
    badArgv: ['clipboard', 'set', ''],
  },
  location: {
    good: { latitude: 1, longitude: 2 },
    bad: { latitude: 1, longitude: 200 },
    path: 'longitude',
    argv: ['location', '1', '2'],
    badArgv: ['location', '1', '200'],
  },
  'keyboard-install': {
    good: {},
    bad: { now: true },
    path: 'now',
    argv: ['keyboard', 'install'],
    badArgv: ['keyboard', 'install', 'now'],
  },
  'record-start': {
    good: {},
    bad: { timeLimitS: 999 },
    path: 'timeLimitS',
    argv: ['record', 'start'],
    badArgv: ['record', 'start', '--time-limit-s', '999'],
  },
  'record-stop': {
    good: {},
    bad: { now: true },
    path: 'now',
    argv: ['record', 'stop'],
    badArgv: ['record', 'stop', 'now'],
  },
  'record-pull': {
    good: {},
    bad: { recordingId: '../x' },
    path: 'recordingId',
    argv: ['record', 'pull'],
    badArgv: ['record', 'pull', '../x'],
  },
  notifications: {
    good: {},
    bad: { textMatches: '(' },
    path: 'textMatches',
    argv: ['notifications'],
    badArgv: ['notifications', '--text-matches', '('],
  },
  notification: {
    good: { do: 'action', key: '0|com.example|1|null|10100', action: 'Reply' },
    bad: { do: 'action', key: '0|com.example|1|null|10100' },
    path: 'action',
    argv: ['notification', 'action', '0|com.example|1|null|10100', 'Reply'],
    badArgv: ['notification', 'action', '0|com.example|1|null|10100'],
  },
  sms: { good: {}, bad: { max: 0 }, path: 'max', argv: ['sms'], badArgv: ['sms', '--max', '0'] },
};

test('the cases cover every chore and device tool', () => {
  const names = CHORE_DEFINITIONS.map((c) => c.name);
  assert.deepEqual(Object.keys(CASES).sort(), names.sort());
});

/** Holds the device of `lab` with a 4 s execution; returns (its run, wrapped) once it holds the device's lock. */
async function occupy(lab: Lab): Promise<{ busy: ReturnType<typeof runCliJson> }> {
  const busy = runCliJson(['sleep', '4000', '--no-daemon'], { env: lab.env });
  const locks = join(lab.home, '.svc', 'locks');
  // Deterministic, not timed: the tool goes once the execution holds the device's lock file.
  // A `.lock` file, not the temporary file it is written through (that one exists before the lock is held).
  while (!existsSync(locks) || !readdirSync(locks).some((name) => name.endsWith('.lock'))) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return { busy };
}

describe('device tools over HTTP', () => {
  let server: LabServer;
  before(async () => {
    server = await startLabServer([{}]);
  });
  after(async () => {
    await server?.close();
  });

  test('every tool: a bad argument is 400 naming it; a missing device is 404 DEVICE_NOT_FOUND', async () => {
    for (const [name, c] of Object.entries(CASES)) {
      const bad = await postJson(server.url, `/tools/${name}`, c.bad);
      assert.equal(bad.status, 400, `${name}: ${JSON.stringify(bad.body)}`);
      assert.equal(bad.body.error?.code, 'EXECUTION_VALIDATION_FAILED', name);
      assert.equal(bad.body.error?.details?.path, c.path, name);
      const missing = await postJson(server.url, `/tools/${name}`, { ...c.good, deviceId: 'nope:1' });
      assert.equal(missing.status, 404, `${name}: ${JSON.stringify(missing.body)}`);
      assert.equal(missing.body.error?.code, 'DEVICE_NOT_FOUND', name);
    }
  });

  test('a tool answers with ok, the device and its result; an unknown tool is 404 NOT_FOUND', async () => {
    const screen = await postJson(server.url, '/tools/screen', {});
    assert.equal(screen.status, 200);
    assert.equal(screen.body.ok, true);
    assert.equal(screen.body.deviceId, server.lab.devices[0]?.serial);
    assert.equal(screen.body.width, 1080);
    const unknown = await postJson(server.url, '/tools/teleport', {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error?.code, 'NOT_FOUND');
    const badWait = await postJson(server.url, '/tools/rotate', { orientation: 'portrait', waitDeviceMs: -1 });
    assert.equal(badWait.body.error?.details?.path, 'waitDeviceMs');
  });

  test('a tool that changes the screen refuses a busy device (423), or waits for it with waitDeviceMs', async () => {
    const { busy } = await occupy(server.lab);
    const refused = await postJson(server.url, '/tools/rotate', { orientation: 'portrait' });
    assert.equal(refused.status, 423, JSON.stringify(refused.body));
    assert.equal(refused.body.error?.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    const waited = await postJson(server.url, '/tools/rotate', { orientation: 'portrait', waitDeviceMs: 60000 });
    assert.equal(waited.status, 200, JSON.stringify(waited.body));
    assert.equal((await busy).code, 0);
  });
});

describe('device tools over MCP', () => {
  let lab: Lab;
  let session: StdioSession;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    const cwd = await mkdtemp(join(tmpdir(), 'svc-mcp-tools-'));
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), cwd);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  test('every tool: a bad argument is InvalidParams naming it; a missing device is DEVICE_NOT_FOUND', async () => {
    for (const [name, c] of Object.entries(CASES)) {
      const error = await expectProtocolError(session.client, name, c.bad as Record<string, unknown>);
      assert.equal(error.code, ErrorCode.InvalidParams, name);
      assert.equal((error.data as Loose)?.details?.path, c.path, `${name}: ${error.message}`);
      const missing = (await session.client.callTool({ name, arguments: { ...c.good, deviceId: 'nope:1' } })) as Loose;
      assert.equal(missing.isError, true, name);
      assert.equal(codeOfText(textOf(missing)), 'DEVICE_NOT_FOUND', name);
    }
  });

  test('a tool answers with its result once, as JSON text', async () => {
    const result = (await session.client.callTool({ name: 'apps', arguments: {} })) as Loose;
    assert.equal(result.isError, undefined);
    assert.equal(result.structuredContent, undefined);
    assert.ok(jsonOf(result).apps.some((a: { package: string }) => a.package === 'com.android.settings'));
  });

  test('a tool that changes the screen waits for a busy device by default; waitDeviceMs 0 refuses at once', async () => {
    const { busy } = await occupy(lab);
    const refused = (await session.client.callTool({
      name: 'rotate',
      arguments: { orientation: 'portrait', waitDeviceMs: 0 },
    })) as Loose;
    assert.equal(codeOfText(textOf(refused)), 'EXECUTION_CONFLICT_IN_FLIGHT');
    const waited = (await session.client.callTool({ name: 'rotate', arguments: { orientation: 'portrait' } })) as Loose;
    assert.equal(waited.isError, undefined, textOf(waited));
    assert.equal((await busy).code, 0);
  });
});

describe('device tools on the CLI with no device', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('every tool: NO_DEVICES with no device; a bad argument is EXECUTION_VALIDATION_FAILED before that', async () => {
    for (const [name, c] of Object.entries(CASES)) {
      const none = await runCliJson(c.argv, { env: lab.env });
      assert.equal(none.code, 1, name);
      assert.equal(none.json.code, 'NO_DEVICES', `${name}: ${none.stdout}`);
      const bad = await runCliJson(c.badArgv, { env: lab.env });
      assert.equal(bad.code, 1, name);
      assert.notEqual(bad.json.code, 'NO_DEVICES', `${name}: a bad argument is said first (${bad.stdout})`);
      // Named: a chore's param by the flag or word that fills it, or the word commander refused.
      const chore = choreOf(name);
      assert.ok(chore !== undefined, name);
      const argNames = [
        ...Object.keys(chore.params.fields),
        ...chore.cli.inputs.map((i) => (i.kind === 'flag' || i.kind === 'switch' ? i.flag.split(' ')[0] : '')),
      ];
      if (bad.json.code === 'EXECUTION_VALIDATION_FAILED') {
        assert.ok(argNames.includes(bad.json.details?.path), `${name}: names ${bad.json.details?.path}`);
        assert.match(bad.json.message, new RegExp(`: ${bad.json.details.path}: `), name);
      } else {
        assert.equal(bad.json.code, 'CLI_USAGE_ERROR', `${name}: ${bad.stdout}`);
        assert.match(bad.json.message, /unknown option '--\w|too many arguments for '\w/, name);
      }
    }
  });
});
