// Issue 19, items 1, 3 and 7 on the event stream, over real HTTP with a simulated device behind real adb: one deeply
// nested request no longer drops every listener, typed text stays out of /events, a client that stops reading is cut
// off after a bounded backlog (its socket closed, its subscription gone) while readers keep every event.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { HIDDEN_TYPED_TEXT } from '../../src/server/event-redaction.ts';
import { waitFor } from '../reliability-helpers.ts';
import { type LabServer, postJson, startLabServer } from '../server-helpers.ts';
import { connectSse, type SseClient } from '../sse-client.ts';

/** A raw GET /events that never reads: the client of issue 19 item 7. */
async function stalledClient(url: string, token: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.write(`GET /events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  socket.pause();
  return socket;
}

/** An invalid execution of about `bytes` bytes (one big unknown field): refused, yet published as an attempt. */
function bulkyInvalid(n: number, bytes: number) {
  return { execution: { commandId: `bulk-${n}`, padding: 'x'.repeat(bytes) } };
}

describe('the event stream under hostile clients and requests', () => {
  let env: LabServer;
  let reader: SseClient;
  before(async () => {
    env = await startLabServer([{}]);
    reader = await connectSse(`${env.url}/events`);
    assert.equal((await reader.next())?.event, 'heartbeat');
  });
  after(async () => {
    reader?.close();
    await env?.close();
  });

  it('keeps every listener after a deeply nested request, which its event shows cut', async () => {
    let deep = '"leaf"';
    for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
    const body = `{"execution":{"commandId":"deep-1","taskId":"deep-1","actions":${deep}}}`;
    assert.ok(body.length > 20_000);
    const refused = await postJson(env.url, '/execute', body);
    assert.equal(refused.status, 400);
    const first = await reader.next();
    assert.equal(first?.event, 'svc:execution');
    assert.match(JSON.stringify(first?.data), /omitted: nested too deep/);
    const ok = await postJson(env.url, '/execute', {
      execution: {
        commandId: 'after-deep',
        taskId: 'after-deep',
        source: 's',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 10_000,
        actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 0 } }],
      },
    });
    assert.equal(ok.status, 200);
    const frames = await reader.collectUntil((frame) => frame.event === 'svc:result', 1);
    assert.ok(
      frames.some((f) => (f.data as { envelope?: { commandId: string } }).envelope?.commandId === 'after-deep'),
    );
  });

  it('hides typed text from listeners while the caller gets its full result', async () => {
    const execution = {
      commandId: 'typed-secret',
      taskId: 'typed-secret',
      source: 's',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10_000,
      actions: [
        { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.login' } },
        {
          id: 'pw',
          type: 'enter_text',
          params: { matcher: { resourceId: 'com.svc.login:id/password' }, text: 'hunter2' },
        },
      ],
    };
    const answer = await postJson(env.url, '/execute', { execution });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const frames = await reader.collectUntil((frame) => frame.event === 'svc:result', 1);
    const seen = JSON.stringify(frames);
    assert.doesNotMatch(seen, /hunter2/);
    assert.ok(seen.includes(HIDDEN_TYPED_TEXT));
  });

  it('cuts off a client that stops reading once its backlog is full, and readers still get every event', async () => {
    const stalled = await stalledClient(env.url, env.token);
    await waitFor('the stalled subscriber', () => env.serverApp.bus.subscriberCount === 2);
    const closed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.on('error', () => {}); // the server resets the connection
    for (let n = 0; n < 200 && env.serverApp.bus.subscriberCount === 2; n++) {
      const answer = await postJson(env.url, '/execute', bulkyInvalid(n, 90_000));
      assert.equal(answer.status, 400);
    }
    assert.equal(env.serverApp.bus.subscriberCount, 1, 'the stalled subscriber was dropped');
    // A paused socket cannot see its end: read what the kernel holds, then the connection must be over.
    stalled.resume();
    await closed;
    let read = 0;
    for (;;) {
      const frame = await reader.next(2000).catch(() => undefined);
      if (frame === undefined) break;
      if (String((frame.data as { input?: { commandId?: string } }).input?.commandId).startsWith('bulk-')) read++;
    }
    assert.ok(read > 0, 'the reading client kept receiving');
  });
});
