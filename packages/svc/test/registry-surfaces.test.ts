// The one registry's surfaces: the device tools not yet made chores never take a registry name; MCP annotations
// follow each definition's nature; `POST /tools/<name>` runs an action tool as /execute runs its execution; a
// chore's bad param is named on every surface (HTTP and MCP by the param, the CLI by what the user typed). Real adb
// against a simulated device.
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { createLab, type Lab } from 'svc-sim/testing';
import { allTools } from '../src/mcp/tools.ts';
import { connectStdio, expectProtocolError, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

test('every MCP tool name is used once, by the registry and the hand-written tools alike', () => {
  const names = allTools().map((tool) => tool.name);
  assert.equal(new Set(names).size, names.length, 'every MCP tool name once');
});

test('MCP annotations say what the nature says: read-only reads, a destructive chore, nothing for the rest', () => {
  const byName = new Map(allTools().map((tool) => [tool.name, tool.annotations]));
  for (const name of ['foreground', 'screen', 'apps', 'read', 'read-value', 'wait', 'wait-for-nav']) {
    assert.deepEqual(byName.get(name), { readOnlyHint: true }, name);
  }
  assert.deepEqual(byName.get('uninstall'), { destructiveHint: true });
  for (const name of ['rotate', 'install', 'location', 'keyboard-install', 'click', 'type', 'drag']) {
    assert.equal(byName.get(name), undefined, name);
  }
});

describe('POST /tools/<name> and a chore’s bad param, over HTTP', () => {
  let server: LabServer;
  const post = async (path: string, body: unknown): Promise<{ status: number; body: Loose }> => {
    const response = await postJson(server.url, path, body);
    return { status: response.status, body: response.body };
  };
  before(async () => {
    server = await startLabServer([{}]);
  });
  after(async () => {
    await server?.close();
  });

  test('an action tool runs its one-action execution and answers as /execute does', async () => {
    const viaTool = await post('/tools/click', { coordinate: { x: 540, y: 900 } });
    const viaExecute = await post('/execute', {
      execution: { actions: [{ id: 'click', type: 'click', params: { coordinate: { x: 540, y: 900 } } }] },
    });
    assert.equal(viaTool.status, 200, JSON.stringify(viaTool.body));
    assert.equal(viaTool.status, viaExecute.status);
    assert.equal(viaTool.body.ok, true);
    assert.deepEqual(Object.keys(viaTool.body).sort(), Object.keys(viaExecute.body).sort());
    const [step] = viaTool.body.envelope.stepResults;
    assert.equal(step.actionType, 'click');
    assert.equal(step.success, true);
    // The server's ids, as /execute gives an execution sent without them.
    assert.match(JSON.stringify(viaTool.body), /"serve-click-\d+-[0-9a-f]{24}"/);
  });

  test('an action tool’s bad argument is named by the tool’s own argument, an unknown one refused', async () => {
    const bad = await post('/tools/click', { selector: { text: '' } });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.equal(bad.body.error.code, 'EXECUTION_VALIDATION_FAILED');
    assert.match(bad.body.error.details.path, /^selector/);
    const unknown = await post('/tools/click', { coordinate: { x: 1, y: 1 }, bogus: 1 });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.details.path, 'bogus');
  });

  test('an unknown tool is 404 NOT_FOUND listing action tools and chores', async () => {
    const unknown = await post('/tools/teleport', {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'NOT_FOUND');
    for (const name of ['click', 'rotate', 'logs']) assert.ok(unknown.body.error.details.tools.includes(name), name);
  });

  test('a chore’s bad param is 400 naming it, by the field rules, nothing run', async () => {
    const bad = await post('/tools/location', { latitude: 1, longitude: 2, altitude: 1e9 });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(bad.body.error.details.path, 'altitude');
    assert.match(bad.body.error.message, /^Invalid arguments for location: altitude: must be a number -1000 to 100000/);
    const unknown = await post('/tools/rotate', { orientation: 'portrait', angle: 90 });
    assert.equal(unknown.body.error.details.path, 'angle');
  });
});

describe('a chore’s bad param on the CLI and over MCP', () => {
  let lab: Lab;
  let session: StdioSession;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    const cwd = await mkdtemp(join(tmpdir(), 'svc-registry-mcp-'));
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), cwd);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  test('the CLI names the flag or the argument the user typed', async () => {
    const flag = await runCliJson(['location', '1', '2', '--altitude', '1e9'], { env: lab.env });
    assert.equal(flag.code, 1);
    assert.equal(flag.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(flag.json.details.path, '--altitude');
    assert.match(flag.json.message, /^Invalid arguments for location: --altitude: must be a number/);
    const word = await runCliJson(['location', 'north', '2'], { env: lab.env });
    assert.equal(word.json.details.path, 'latitude');
    assert.match(word.json.message, /expected a number -90 to 90, got "north"/);
    const orientation = await runCliJson(['rotate', 'sideways'], { env: lab.env });
    assert.equal(orientation.json.details.path, 'orientation');
    assert.match(orientation.json.message, /expected one of portrait, landscape, reverse-portrait/);
  });

  test('MCP answers InvalidParams naming the param', async () => {
    const error = await expectProtocolError(session.client, 'location', { latitude: 1, longitude: 2, altitude: 1e9 });
    assert.equal(error.code, ErrorCode.InvalidParams);
    assert.equal((error.data as Loose).details.path, 'altitude');
    const pattern = await expectProtocolError(session.client, 'uninstall', { package: 'not a package' });
    assert.equal((pattern.data as Loose).details.path, 'package');
    assert.match(pattern.message, /must be a package name such as com\.example\.app/);
  });
});
