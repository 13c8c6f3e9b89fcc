// GET /events (SPEC part 6): one `heartbeat` on connect, then every bus event as `event: <name>` / `data: <json>`
// (serialized once when published), with a `: keepalive` comment line when idle so proxies do not close the stream.
// The body is pulled: a frame leaves the client's queue only when the connection takes it, so a client that stops
// reading lets its queue fill, the bus drops it (event-bus.ts), and its connection is cut at once rather than
// holding buffers, or the server's shutdown, for as long as it stays connected.
import type { ServerResponse } from 'node:http';
import { timerMs } from '../../contracts/limits.ts';
import type { BusEvent } from '../event-bus.ts';
import type { RouteModule } from '../runtime.ts';

const encoder = new TextEncoder();
const HEARTBEAT = `event: heartbeat\ndata: ${JSON.stringify({ code: 'CONNECTED', message: 'Connected to svc events.' })}\n\n`;
const KEEPALIVE = ': keepalive\n\n';

export const mountEventRoutes: RouteModule = (app, runtime) => {
  app.get('/events', (c) => {
    const subscription = runtime.bus.subscribe();
    // On node the raw response is in the env (@hono/node-server): a dropped client's socket is destroyed.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    subscription.onDrop(() => outgoing?.destroy());
    let greeted = false;
    // The read in progress: kept across pulls when a keep-alive went out first.
    let pending: Promise<BusEvent | undefined> | undefined;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (!greeted) {
            greeted = true;
            controller.enqueue(encoder.encode(HEARTBEAT));
            return;
          }
          pending ??= subscription.next();
          const next = await within(pending, runtime.keepAliveMs);
          if (next === 'idle') {
            controller.enqueue(encoder.encode(KEEPALIVE));
            return;
          }
          pending = undefined;
          if (next === undefined) controller.close();
          else controller.enqueue(encoder.encode(next.frame));
        },
        cancel() {
          subscription.close();
        },
      },
      { highWaterMark: 0 },
    );
    return c.body(body, 200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
  });
};

/** What `pending` gives, or 'idle' when it takes longer than `ms`. */
async function within<T>(pending: Promise<T>, ms: number): Promise<T | 'idle'> {
  let timer: NodeJS.Timeout | undefined;
  const idle = new Promise<'idle'>((resolve) => {
    timer = setTimeout(() => resolve('idle'), timerMs(ms));
  });
  try {
    return await Promise.race([pending, idle]);
  } finally {
    clearTimeout(timer);
  }
}
