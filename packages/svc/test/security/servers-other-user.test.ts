// Issue 19, item 1: another local user must not drive the phone through `svc serve` or `svc mcp --http`, read what
// an agent typed from /events, or make the server write a file. The servers run as this user (root here) with a
// home like a real one (0755, ~/.svc private), and user `nobody` attacks them with curl through `runuser`.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { readServerToken } from '../../src/adapters/http/server-token.ts';
import { asOtherUser, curlAsOtherUser, otherUserUnavailable } from './other-user.ts';
import { type ServerProcess, startServer } from './processes.ts';

const unavailable = otherUserUnavailable();
if (unavailable) console.log(`# skipped: the attacks as another local user cannot run here: ${unavailable}`);

describe('svc serve and svc mcp --http attacked by another local user', { skip: unavailable }, () => {
  let lab: Lab;
  let home: string;
  let serve: ServerProcess;
  let mcp: ServerProcess;
  let token: string;
  const victim = () => join(home, 'notes.txt');

  before(async () => {
    lab = await createLab({ devices: [{}] });
    home = mkdtempSync(join(tmpdir(), 'svc-sec-home-'));
    chmodSync(home, 0o755); // a home others may list, as /home/<user> often is
    writeFileSync(victim(), 'my notes\n');
    chmodSync(victim(), 0o666); // even a file anyone may write must not be written by the server for them
    const env = { ...lab.env, HOME: home };
    serve = await startServer(['serve', '--port', '0'], env, /browser login/);
    mcp = await startServer(['mcp', '--http', '--port', '0', '--no-daemon'], env);
    token = readServerToken(home) ?? '';
  });
  after(async () => {
    await serve?.stop();
    await mcp?.stop();
    await lab?.close();
  });

  it('keeps the token in a file only the server user can read, and prints where it is', async () => {
    const path = join(home, '.svc', 'server-token');
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(home, '.svc')).mode & 0o777, 0o700);
    assert.match(token, /^[\w-]{43}$/);
    assert.match(serve.stderr(), new RegExp(`token is in ${path.replaceAll('.', '\\.')}`));
    const read = await asOtherUser(['cat', path]);
    assert.notEqual(read.code, 0);
    assert.match(read.stderr, /Permission denied/);
  });

  it('refuses every route of svc serve to a request without the token: 401, nothing runs on the device', async () => {
    const commands = lab.devices[0]?.device.commandLog ?? [];
    const before = commands.length;
    const typed = {
      commandId: 'sec-typed-1',
      taskId: 'sec-typed-1',
      source: 'attacker',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 5000,
      actions: [{ id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } }],
    };
    const attempts = [
      { path: '/devices' },
      { path: '/events' },
      { path: '/execute', method: 'POST', body: JSON.stringify({ execution: typed }) },
      { path: '/snapshot', method: 'POST', body: '{}' },
      { path: '/screenshot', method: 'POST', body: JSON.stringify({ path: victim() }) },
      { path: '/skills' },
      { path: '/login?code=guess' },
    ];
    for (const attempt of attempts) {
      const answer = await curlAsOtherUser(`${serve.url}${attempt.path}`, attempt);
      assert.equal(answer.status, 401, `${attempt.path}: ${answer.body}`);
      assert.equal(JSON.parse(answer.body).error.code, 'AUTH_REQUIRED', attempt.path);
    }
    const forged = await curlAsOtherUser(`${serve.url}/devices`, { headers: { authorization: 'Bearer guessed' } });
    assert.equal(forged.status, 401);
    assert.equal(readFileSync(victim(), 'utf8'), 'my notes\n', 'no screenshot written over a file');
    assert.deepEqual(commands.slice(before), [], 'nothing reached the device');
  });

  it('refuses MCP tool calls without the token', async () => {
    const call = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'devices', arguments: {} },
    });
    const answer = await curlAsOtherUser(mcp.url, {
      method: 'POST',
      body: call,
      headers: { accept: 'application/json, text/event-stream' },
    });
    assert.equal(answer.status, 401, answer.body);
  });

  it('serves the owner who sends the token (positive control)', async () => {
    const response = await fetch(`${serve.url}/devices`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { devices: { serial: string }[] };
    assert.equal(body.devices[0]?.serial, lab.devices[0]?.serial);
  });

  it('turns the printed one-time login link into a session once; a second use is refused', async () => {
    const link = /browser login \(one-time link, valid 5 minutes\): (\S+)/.exec(serve.stderr())?.[1];
    assert.ok(link, serve.stderr());
    assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/login\?code=/);
    const first = await fetch(link, { redirect: 'manual' });
    assert.equal(first.status, 303);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    assert.equal((await fetch(`${serve.url}/devices`, { headers: { cookie } })).status, 200);
    assert.equal((await fetch(link, { redirect: 'manual' })).status, 401);
  });

  it('with --no-auth warns at start that any local user can drive the device, and indeed serves them', async () => {
    const open = await startServer(['serve', '--port', '0', '--no-auth'], { ...lab.env, HOME: home });
    try {
      assert.match(open.stderr(), /WARNING: --no-auth: every local user and process/);
      assert.equal((await curlAsOtherUser(`${open.url}/devices`)).status, 200);
    } finally {
      await open.stop();
    }
  });
});
