// Puts a ServerApp on a node:http server (TCP here; the daemon listens on a Unix socket with the same helpers) and
// shuts it down gracefully: stop accepting, let in-flight executions finish (each is bounded by its own timeoutMs),
// then end SSE streams and close the remaining connections.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { timerMs } from '../contracts/limits.ts';
import type { ServerApp } from './app.ts';

/** Upper bound on the shutdown wait: the longest execution timeout (120000 ms) plus the 2000 ms settle window. */
export const MAX_SHUTDOWN_WAIT_MS = 125_000;

export function createHttpServer(serverApp: ServerApp): Server {
  return createServer(getRequestListener(serverApp.fetch));
}

export interface RunningServer {
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  readonly url: string;
  /** Graceful shutdown; resolves once the server is closed. Safe to call more than once. */
  close(): Promise<void>;
}

export async function listenTcp(serverApp: ServerApp, options: { host: string; port: number }): Promise<RunningServer> {
  const server = createHttpServer(serverApp);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    server,
    host: options.host,
    port,
    url: `http://${urlHost}:${port}`,
    close: () => {
      closing ??= closeGracefully(server, serverApp);
      return closing;
    },
  };
}

/** After the last execution: how long ended event streams get to flush before their connections are cut. */
export const STREAM_END_GRACE_MS = 250;

export async function closeGracefully(server: Server, serverApp: ServerApp, maxWaitMs = MAX_SHUTDOWN_WAIT_MS) {
  let done = false;
  const closed = new Promise<void>((resolve) => server.close(() => resolve())).finally(() => {
    done = true;
  });
  // Connections whose last answer has been written go as soon as they are idle; busy ones keep their request.
  const reaper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timerMs(maxWaitMs));
  });
  // SSE streams end after the last in-flight execution, so listeners still get its svc:execution / svc:result.
  await Promise.race([serverApp.inFlight.idle(), cap]);
  serverApp.bus.closeAll();
  // A client that stopped reading never takes the end of its stream: it does not get to hold the shutdown.
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((resolve) => (grace = setTimeout(resolve, STREAM_END_GRACE_MS)))]);
  clearTimeout(grace);
  clearInterval(reaper);
  clearTimeout(timer);
  if (!done) server.closeAllConnections();
  await closed;
}
