// The heavy half of `daemon run`, loaded once the socket already answers /ping: the long-lived context (warm adb
// connections with the presence cache, one log follow per device) and the same HTTP app as `serve`, whose
// submit takes --verbose and the cwd from the request scope and logs one line per execution.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createAdbServerPort } from '../../adapters/adb/adb-server-port.ts';
import type { RunResult } from '../../contracts/types.ts';
import { createContext, type Env, type SvcContext } from '../../core/context.ts';
import type { SubmitRequest } from '../../submit/request.ts';
import { inProcess } from '../../submit/submit.ts';
import { createServerApp, type ServerApp } from '../app.ts';
import { closeGracefully } from '../listen.ts';
import { ROUTE_MODULES } from '../routes/index.ts';
import { mountDaemonRoutes } from './daemon-routes.ts';
import { cachePresence } from './presence-cache.ts';
import { guardAdbServerStarts } from './quiet-processes.ts';
import { requestScope, scopeOf } from './request-scope.ts';

export interface DaemonApp {
  readonly ctx: SvcContext;
  readonly serverApp: ServerApp;
  readonly listener: (req: IncomingMessage, res: ServerResponse) => void;
  /** Graceful stop: in-flight executions finish, then log follows and adb connections close. */
  close(server: Server): Promise<void>;
}

export function createDaemonApp(env: Env, verboseDaemon: boolean, log: (line: string) => void): DaemonApp {
  const guard = guardAdbServerStarts();
  const adb = cachePresence(createAdbServerPort(env, guard.processes));
  const ctx = createContext({ env, longLived: true, processes: guard.processes, adb });
  const submit = inProcess(ctx);
  const run = async (request: SubmitRequest): Promise<RunResult> => {
    const scope = requestScope.getStore() ?? { verbose: false };
    const verbose = scope.verbose || verboseDaemon;
    const started = performance.now();
    const result = await guard.during(() =>
      submit({
        ...request,
        verbose,
        ...(scope.cwd === undefined ? {} : { cwd: scope.cwd }),
        // The proxy's execution carries a timeout either way: whether the caller gave it travels as a header.
        ...(scope.timeoutGiven === undefined ? {} : { timeoutGiven: scope.timeoutGiven }),
      }),
    );
    if (!result.ok) {
      const serial = result.error.details?.deviceId;
      adb.invalidate(typeof serial === 'string' ? serial : undefined);
    }
    const outcome = result.ok ? `ok ${result.envelope.status}` : `error ${result.error.code}`;
    // DECISIONS 18: no payload or result text in the log unless verbose.
    log(`execute ${outcome} ${Math.round(performance.now() - started)} ms`);
    if (verbose) log(`execute result ${JSON.stringify(result)}`);
    return result;
  };
  const serverApp = createServerApp(ctx, {
    // The socket is the lock: 0600 in a 0700 directory of this user (daemon-server.ts).
    auth: 'none',
    verboseEvents: verboseDaemon,
    deps: { submit: run },
    log,
    routes: [...ROUTE_MODULES, mountDaemonRoutes],
  });
  // The node env (incoming, outgoing) goes through: the event stream cuts a stalled client's socket with it.
  const listener = getRequestListener((request: Request, env: unknown) =>
    requestScope.run(scopeOf(request.headers), () => serverApp.fetch(request, env)),
  );
  return {
    ctx,
    serverApp,
    listener: (req, res) => void listener(req, res),
    async close(server) {
      await closeGracefully(server, serverApp);
      await ctx.close();
    },
  };
}
