// `svc serve` as a long-running process: listen, print one human-readable line on stderr, and shut down gracefully
// on SIGINT/SIGTERM (a second signal exits at once with 130).

import { isLoopbackName } from '../adapters/http/loopback-guard.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { createServerApp } from './app.ts';
import { browserUrl, inspectorPath } from './inspector/browser-url.ts';
import { listenTcp, type RunningServer } from './listen.ts';

export interface ServeOptions {
  host: string;
  port: number;
  allowOrigins: readonly string[];
}

export async function startServe(ctx: SvcContext, options: ServeOptions): Promise<RunningServer> {
  const write = (line: string) => process.stderr.write(`${line}\n`);
  const loopback = isLoopbackName(options.host);
  if (!loopback) {
    write(
      `svc serve: WARNING: binding ${options.host} exposes device control to every client that can reach it; ` +
        'there is no authentication. Use only on a trusted network or behind an authenticated gateway.',
    );
  }
  const serverApp = createServerApp(ctx, { allowOrigins: options.allowOrigins, loopbackHostOnly: loopback });
  let running: RunningServer;
  try {
    running = await listenTcp(serverApp, options);
  } catch (error) {
    throw new SvcError(
      'LISTEN_FAILED',
      `Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`,
      {
        host: options.host,
        port: options.port,
      },
    );
  }
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    const waiting = serverApp.inFlight.count;
    write(`svc serve: ${signal} received; finishing ${waiting} in-flight execution(s), then exiting`);
    running.close().then(
      () => {
        write('svc serve: stopped');
        process.exit(0);
      },
      (error: unknown) => {
        write(`svc serve: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Announced only once the signal handlers are in place: whoever reads this line may signal at once.
  write(`svc serve: listening on ${running.url} (Ctrl-C to stop)`);
  write(`svc serve: web inspector at ${browserUrl(running, inspectorPath())}`);
  return running;
}

export { parsePort } from '../adapters/http/port.ts';
