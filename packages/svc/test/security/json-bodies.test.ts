// Issue 36: `text/plain` and form bodies were parsed as JSON, which left the Origin check as the only guard against a
// web page (a page may send those two to any origin without the browser asking first; JSON needs a preflight). Every
// route that reads a body now refuses anything but application/json with 415 UNSUPPORTED_MEDIA_TYPE, unread, and
// nothing runs on the device. The server as `svc serve` builds it, real adb against a simulated phone.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { createContext } from '../../src/core/context.ts';
import { createServerApp } from '../../src/server/app.ts';
import { listenTcp, type RunningServer } from '../../src/server/listen.ts';

describe('request bodies are JSON only', () => {
  let lab: Lab;
  let server: RunningServer;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    const ctx = createContext({ env: { ...process.env, ...lab.env }, cwd: lab.home });
    server = await listenTcp(createServerApp(ctx, { auth: 'none' }), { host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await server?.close();
    await lab?.close();
  });

  const execution = {
    commandId: 'plain-1',
    taskId: 'plain-1',
    source: 'page',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions: [{ id: 'home', type: 'press_key', params: { key: 'home' } }],
  };

  it('refuses text/plain, form and type-less bodies on every body route, and runs nothing', async () => {
    const commands = lab.devices[0]?.device.commandLog ?? [];
    const before = commands.length;
    const json = JSON.stringify({ execution });
    const sent: [string, string | undefined, string][] = [
      ['/execute', 'text/plain;charset=UTF-8', json],
      ['/execute', 'application/x-www-form-urlencoded', json],
      ['/execute', 'multipart/form-data; boundary=x', json],
      ['/execute', undefined, json],
      ['/snapshot', 'text/plain', '{}'],
      ['/screenshot', 'text/plain', '{}'],
      ['/tools/rotate', 'text/plain', '{"orientation":"landscape"}'],
    ];
    for (const [path, type, body] of sent) {
      const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
      const answer = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers,
        body: type === undefined ? new Blob([body]) : body,
      });
      assert.equal(answer.status, 415, `${path} ${type}`);
      const error = ((await answer.json()) as { error: { code: string; details: { path: string } } }).error;
      assert.equal(error.code, 'UNSUPPORTED_MEDIA_TYPE');
      assert.equal(error.details.path, 'content-type');
    }
    assert.equal(commands.length, before, 'nothing reached the device');
  });

  it('takes application/json, with a charset too, and an empty body without a type', async () => {
    const answer = await fetch(`${server.url}/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ execution: { ...execution, commandId: 'json-1', taskId: 'json-1' } }),
    });
    assert.equal(answer.status, 200, await answer.clone().text());
    const empty = await fetch(`${server.url}/snapshot`, { method: 'POST' });
    assert.notEqual(empty.status, 415);
  });
});
