// Issue 31, item 7: a client of /events that stops reading is dropped once its backlog passes its limit (SEC-8:
// 256 events or 4 MiB queued in the server), measured against what really sits in the socket buffers: the kernel's
// own counts of the connection (/proc/net/tcp: the client's receive queue and the server's send queue) show the
// buffers full before the drop, and the bytes published while the client was still served are those buffers plus
// the limit, no less (not dropped early) and not much more (dropped once past it). Over real HTTP with a raw socket
// that never reads, and an SSE reader that reads everything (which gives each frame's size).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_MAX_QUEUED_BYTES } from '../../src/server/event-bus.ts';
import { waitFor } from '../reliability-helpers.ts';
import { type LabServer, postJson, startLabServer } from '../server-helpers.ts';
import { connectSse, type SseClient, type SseFrame } from '../sse-client.ts';

/** Bytes a TCP socket of this host holds, from the kernel's table: [send queue, receive queue]. */
function queuesOf(localPort: number, remotePort: number): [number, number] {
  const hex = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, remote, , queues] = line.trim().split(/\s+/);
      if (local?.endsWith(hex(localPort)) && remote?.endsWith(hex(remotePort)) && queues !== undefined) {
        const [tx, rx] = queues.split(':').map((q) => Number.parseInt(q, 16));
        return [tx ?? 0, rx ?? 0];
      }
    }
  }
  return [0, 0];
}

/** The size of a frame as the server wrote it. */
const frameBytes = (frame: SseFrame) =>
  Buffer.byteLength(`event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`);

describe('a stalled event-stream client against its buffers', { skip: process.platform !== 'linux' }, () => {
  let env: LabServer;
  let reader: SseClient;
  let stalled: Socket;
  before(async () => {
    env = await startLabServer([]);
    reader = await connectSse(`${env.url}/events`);
    assert.equal((await reader.next())?.event, 'heartbeat');
    const { hostname, port } = new URL(env.url);
    stalled = connect(Number(port), hostname);
    await once(stalled, 'connect');
    stalled.on('error', () => {}); // the server resets it when it drops it
    stalled.write(`GET /events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${env.token}\r\n\r\n`);
    stalled.pause(); // never read again: the kernel's receive buffer fills, then the server's send buffer
    await waitFor('the stalled subscriber', () => env.serverApp.bus.subscriberCount === 2);
  });
  after(async () => {
    stalled?.destroy();
    reader?.close();
    await env?.close();
  });

  it('fills the socket buffers, then the queue up to its limit, and only then drops the client', async () => {
    const serverPort = Number(new URL(env.url).port);
    const clientPort = stalled.localPort as number;
    let published = 0;
    let largest = 0;
    let buffered = 0;
    for (let n = 0; n < 400 && env.serverApp.bus.subscriberCount === 2; n++) {
      // An invalid execution of about 64 KB: refused, yet published to every listener as an attempt.
      const answer = await postJson(env.url, '/execute', {
        execution: { commandId: `fill-${n}`, pad: 'x'.repeat(64_000) },
      });
      assert.equal(answer.status, 400);
      const frame = await reader.next(10_000);
      assert.equal(frame?.event, 'svc:execution');
      if (env.serverApp.bus.subscriberCount !== 2) break; // this one went over the limit
      published += frameBytes(frame as SseFrame);
      largest = Math.max(largest, frameBytes(frame as SseFrame));
      await sleep(20); // let the server write what it can into the socket
      const [, clientHolds] = queuesOf(clientPort, serverPort);
      const [serverHolds] = queuesOf(serverPort, clientPort);
      buffered = clientHolds + serverHolds;
    }
    assert.equal(env.serverApp.bus.subscriberCount, 1, 'the stalled client was dropped');
    console.log(
      `# dropped after ${published} bytes published: ${buffered} in the socket buffers, ${published - buffered} queued`,
    );
    assert.ok(buffered >= 64 * 1024, `the socket buffers really filled (${buffered} bytes held by the kernel)`);
    // Not dropped before its limit: everything published while it was served fit in the buffers and the queue.
    assert.ok(published - buffered >= DEFAULT_MAX_QUEUED_BYTES - 2 * largest, `${published - buffered} queued`);
    // Dropped once past it: no more than the limit, one frame, and what Node's stream holds (under 1 MiB).
    assert.ok(published - buffered <= DEFAULT_MAX_QUEUED_BYTES + 1024 * 1024, `${published - buffered} queued`);
    // Its connection is over: what the kernel held is read, then the end.
    const closed = once(stalled, 'close');
    stalled.resume();
    await closed;
  });
});
