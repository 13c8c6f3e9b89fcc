// Issue 19, item 7: event-stream clients that stop reading held `svc serve`'s graceful shutdown for 126 s with
// nothing in flight. Now the streams end at once and a client that does not take the end is cut after a short
// grace. The suite prints how long the shutdown took (the bound of under a second lives in docs, not in a test).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { readServerToken } from '../../src/adapters/http/server-token.ts';
import { startServer } from './processes.ts';

async function stalledClient(url: string, token: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(`GET /events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  socket.pause();
  return socket;
}

describe('svc serve shutdown with clients that stopped reading', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(() => lab?.close());

  it('exits 0 promptly on SIGTERM with nothing in flight, although three event clients hold unread data', async () => {
    const serve = await startServer(['serve', '--port', '0'], lab.env);
    const token = readServerToken(lab.home) ?? '';
    const clients = await Promise.all([1, 2, 3].map(() => stalledClient(serve.url, token)));
    // Fill their connections with events they never read (refused executions are published too): 6.3 MB each, more
    // than the kernel takes for a paused loopback socket (about 4 MB here), so each stream still has frames queued
    // when the server ends it, yet under the 4 MiB backlog that would drop the client first. With fewer bytes every
    // frame fits in the kernel's buffers, the streams end by themselves and the shutdown proves nothing.
    for (let n = 0; n < 70; n++) {
      const response = await fetch(`${serve.url}/execute`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ execution: { commandId: `fill-${n}`, padding: 'x'.repeat(90_000) } }),
      });
      assert.equal(response.status, 400);
    }
    const started = performance.now();
    const exited = once(serve.child, 'exit');
    serve.child.kill('SIGTERM');
    const hung = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`still running 20 s after SIGTERM: ${serve.stderr()}`)), 20_000).unref(),
    );
    const [code] = await Promise.race([exited, hung]).catch((error: unknown) => {
      serve.child.kill('SIGKILL');
      throw error;
    });
    console.log(`# svc serve shut down in ${Math.round(performance.now() - started)} ms with 3 stalled clients`);
    assert.equal(code, 0, serve.stderr());
    for (const client of clients) client.destroy();
  });
});
