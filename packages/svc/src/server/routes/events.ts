// GET /events (SPEC part 6): one `heartbeat` on connect, then every bus event as `event: <name>` / `data: <json>`,
// with a `: keepalive` comment line when idle so proxies do not close the stream. Each client drains its own bounded
// queue (server/event-bus.ts), so a slow client is dropped and never slows an execution.
import { streamSSE } from 'hono/streaming';
import type { BusEvent } from '../event-bus.ts';
import type { RouteModule } from '../runtime.ts';

export const mountEventRoutes: RouteModule = (app, runtime) => {
  app.get('/events', (c) => {
    const subscription = runtime.bus.subscribe();
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => subscription.close());
      await stream.writeSSE({
        event: 'heartbeat',
        data: JSON.stringify({ code: 'CONNECTED', message: 'Connected to svc events.' }),
      });
      const keepAlive = setInterval(() => {
        stream.write(': keepalive\n\n').catch(() => subscription.close());
      }, runtime.keepAliveMs);
      try {
        for (let next = await subscription.next(); next; next = await subscription.next()) {
          await writeEvent(stream, next);
        }
      } finally {
        clearInterval(keepAlive);
        subscription.close();
      }
    });
  });
};

function writeEvent(stream: { writeSSE(m: { event: string; data: string }): Promise<void> }, e: BusEvent) {
  return stream.writeSSE({ event: e.event, data: JSON.stringify(e.data) });
}
