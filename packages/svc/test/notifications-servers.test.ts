// Notifications over HTTP (POST /tools/notifications, as `svc serve` runs it) and MCP (the `notifications` tool),
// through real adb: the token guards the read as it guards everything, and the text read stays out of /events
// (what any holder of the token may watch), as typed text does.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { connectStdio, jsonOf, type StdioSession } from './mcp-client.ts';
import { waitBegan } from './notification-helpers.ts';
import { isolatedEnv } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';
import { connectSse, type SseClient } from './sse-client.ts';

const SECRET = 'Your bank code is 735190';

describe('notifications through the servers', () => {
  let server: LabServer;
  let sim: SimDevice;
  let events: SseClient;
  let mcp: StdioSession | undefined;
  before(async () => {
    server = await startLabServer([{ operator: false }]);
    sim = server.lab.devices[0] as SimDevice;
    sim.device.notifications?.post({ pkg: 'com.svc.login', title: 'Bank', text: SECRET, category: 'msg' });
    events = await connectSse(`${server.url}/events`);
  });
  after(async () => {
    events?.close();
    await mcp?.close();
    await server?.close();
  });

  test('POST /tools/notifications needs the token and answers the text to the caller only', async () => {
    const anonymous = await fetch(`${server.url}/tools/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: sim.serial }),
    });
    assert.equal(anonymous.status, 401);
    const read = await postJson(server.url, '/tools/notifications', { deviceId: sim.serial, extract: 'code' });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const [first] = read.body.notifications as { text: string; code: string }[];
    assert.deepEqual([first?.text, first?.code], [SECRET, '735190']);
    const bad = await postJson(server.url, '/tools/notifications', { deviceId: sim.serial, textMatches: '(' });
    assert.equal(bad.body.error?.code, 'EXECUTION_VALIDATION_FAILED');
    // Whatever the stream carried meanwhile, the notification's words are not in it.
    const frames = await events.collectUntil(() => false, 1, 1500).catch(() => []);
    assert.ok(!JSON.stringify(frames).includes('735190'));
    assert.ok(!events.comments.join('\n').includes('735190'));
  });

  test('the MCP tool notifications reads and waits like the CLI', async () => {
    mcp = await connectStdio([], isolatedEnv(server.lab.env), server.lab.home);
    const call = (args: Record<string, unknown>) =>
      (mcp as StdioSession).client.callTool({ name: 'notifications', arguments: { deviceId: sim.serial, ...args } });
    const listed = jsonOf(await call({ app: 'com.svc.login' }));
    assert.equal(listed.notifications[0].title, 'Bank');
    const waiting = call({ wait: true, extract: 'code', timeoutMs: 20_000 });
    await waitBegan(sim);
    sim.device.notifications?.post({ pkg: 'com.svc.login', title: 'Login', text: 'code 246810' });
    const waited = jsonOf(await waiting);
    assert.equal(waited.code, '246810');
  });
});
