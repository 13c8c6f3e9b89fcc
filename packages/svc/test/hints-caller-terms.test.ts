// Hints in the caller's terms (issue 38 item 2): the same failure (an app that is not installed, a device that is
// not there) tells an MCP client which tool to call with which arguments, an HTTP client which route, and the CLI
// which command; the device's daemon passes the hint on as the CLI says it (its callers are the CLI and MCP).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { inCallerTerms } from '../src/contracts/caller-terms.ts';
import { connectStdio, type Loose, type StdioSession, textOf } from './mcp-client.ts';
import { isolatedEnv, runCli } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

const MISSING = 'com.nope.app';
const openMissing = { actions: [{ type: 'open_app', params: { applicationId: MISSING } }] };

describe('hints in the caller’s terms', () => {
  let server: LabServer;
  let session: StdioSession;
  let serial: string;

  before(async () => {
    server = await startLabServer([{ operator: false }], { callerTerms: 'http' });
    serial = server.lab.devices[0]?.serial ?? '';
    session = await connectStdio(['--no-daemon'], isolatedEnv(server.lab.env), process.cwd());
  });
  after(async () => {
    await session?.close();
    await server?.close();
  });

  test('MCP names the tool and its arguments', async () => {
    const result: Loose = await session.client.callTool({ name: 'open', arguments: { target: MISSING } });
    const text = textOf(result);
    assert.equal(result.isError, true, text);
    assert.match(text, /^hint: .*the `apps` tool with \{"all":true\}/m, text);
    assert.doesNotMatch(text, /`svc /, text);
    const gone: Loose = await session.client.callTool({ name: 'snapshot', arguments: { deviceId: 'no-such-device' } });
    assert.match(textOf(gone), /^hint: .*the `devices` tool/m, textOf(gone));
    assert.doesNotMatch(textOf(gone), /`svc /);
  });

  test('HTTP names the route', async () => {
    const { body } = await postJson(server.url, '/execute', { execution: openMissing, deviceId: serial });
    assert.equal(body.failedCode, 'APP_NOT_FOUND', JSON.stringify(body));
    assert.match(String(body.hint), /`POST \/tools\/apps` with \{"all":true\}/);
    const gone = await postJson(server.url, '/execute', { execution: openMissing, deviceId: 'no-such-device' });
    assert.match(String((gone.body.error as Loose)?.hint), /`GET \/devices`/);
  });

  test('the CLI names the command', async () => {
    const run = await runCli(['open', MISSING, '--device', serial], { env: server.lab.env });
    assert.notEqual(run.code, 0);
    assert.match(`${run.stdout}${run.stderr}`, /`svc apps --all`/);
  });

  test('a command with no tool or route stays a command', () => {
    const hint = 'Start one with `svc sim start`, then `svc devices`.';
    assert.equal(inCallerTerms(hint, 'mcp'), 'Start one with `svc sim start`, then the `devices` tool.');
    assert.equal(inCallerTerms(hint, 'http'), 'Start one with `svc sim start`, then `GET /devices`.');
    assert.equal(inCallerTerms(hint, 'cli'), hint);
  });
});
