// The HTTP app shared by `svc serve` (TCP) and the daemon (Unix socket): a Hono app that knows nothing about how it
// listens. Middleware order: version header, Origin/Host checks, CORS for allow-listed origins (preflights answer
// there, before any credential), authentication, body limit, routes.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import type { ServerAuth } from '../adapters/http/auth.ts';
import { requestBodyLimit } from '../adapters/http/body-limit.ts';
import { securityChecks } from '../adapters/http/loopback-guard.ts';
import { CALLER_VARIABLE, sendError } from '../adapters/http/responses.ts';
import type { Caller } from '../contracts/caller-terms.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { svcVersion } from '../core/version.ts';
import { defaultServerDeps } from './default-deps.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { createInFlightTracker, type InFlightTracker } from './in-flight.ts';
import { allowedMethods } from './method-not-allowed.ts';
import { ROUTE_MODULES } from './routes/index.ts';
import { publishRejected, runAndPublish } from './run-and-publish.ts';
import type { RouteModule, ServerDeps, ServerRuntime } from './runtime.ts';

export interface ServerAppOptions {
  /**
   * Who may call: the server token or a login session (`svc serve`), or `none` where the transport itself is
   * private (the daemon's 0600 unix socket; `--no-auth`). Required, so no listener is left open by omission.
   */
  auth: ServerAuth | 'none';
  /** Origins allowed to send requests with an `Origin` header (`--allow-origin`). */
  allowOrigins?: readonly string[];
  /** Refuse non-loopback Host headers; the TCP listener sets this when bound to a loopback address. */
  loopbackHostOnly?: boolean;
  /** Replace use cases (tests inject fakes; the daemon may pass warm ones). */
  deps?: Partial<ServerDeps>;
  /** Route areas to mount; defaults to server/routes/index.ts. */
  routes?: readonly RouteModule[];
  keepAliveMs?: number;
  /** Events show typed text (enter_text) only when true (`--verbose`); by default it is hidden from listeners. */
  verboseEvents?: boolean;
  /** Confine screenshot paths of requests to this folder (`svc serve`); unset for the daemon (the user's CLI). */
  screenshotsDir?: string;
  /** The APK folder of `install` requests (`svc serve --apks-dir`; null: refused); unset for the daemon. */
  apksDir?: string | null;
  /** Whose terms hints are said in: routes for `svc serve`'s clients; the daemon passes them on as given. */
  callerTerms?: Caller;
  /** Where unexpected failures are reported (stack traces go here, never into a response body). */
  log?: (line: string) => void;
}

export interface ServerApp {
  readonly app: Hono;
  readonly fetch: Hono['fetch'];
  readonly bus: EventBus;
  readonly inFlight: InFlightTracker;
  readonly runtime: ServerRuntime<SvcContext>;
}

export function createServerApp(ctx: SvcContext, options: ServerAppOptions): ServerApp {
  const deps: ServerDeps = { ...defaultServerDeps(ctx), ...options.deps };
  const bus = createEventBus();
  const policy = { showTypedText: options.verboseEvents ?? false };
  const inFlight = createInFlightTracker();
  const runtime: ServerRuntime<SvcContext> = {
    ctx,
    deps,
    bus,
    inFlight,
    keepAliveMs: options.keepAliveMs ?? 15_000,
    screenshotsDir: options.screenshotsDir,
    apksDir: options.apksDir,
    run: (request) => runAndPublish(deps.submit, bus, inFlight, request, policy),
    reject: (input, error, deviceId) => publishRejected(bus, input, error, deviceId, policy),
  };
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const version = svcVersion();
  const allowOrigins = options.allowOrigins ?? [];

  const app = new Hono();
  const caller = options.callerTerms ?? 'cli';
  app.use('*', async (c, next) => {
    c.header('X-Svc-Version', version);
    (c.set as (key: string, value: unknown) => void)(CALLER_VARIABLE, caller);
    await next();
  });
  app.use('*', securityChecks({ allowOrigins, loopbackHostOnly: options.loopbackHostOnly ?? false }));
  if (allowOrigins.length > 0) app.use('*', cors({ origin: [...allowOrigins] }));
  if (options.auth !== 'none') app.use('*', options.auth.middleware);
  app.use('*', requestBodyLimit());
  for (const mount of options.routes ?? ROUTE_MODULES) mount(app, runtime as ServerRuntime);

  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length === 0) {
      return sendError(c, { code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}.` });
    }
    c.header('Allow', allowed.join(', '));
    return sendError(c, {
      code: 'METHOD_NOT_ALLOWED',
      message: `${c.req.path} takes ${allowed.filter((m) => m !== 'HEAD').join(' or ')}, not ${c.req.method}.`,
      details: { method: c.req.method, allow: allowed },
    });
  });
  app.onError((error, c) => {
    if (error instanceof SvcError) return sendError(c, error.toBody());
    if (error instanceof HTTPException && error.status < 500) {
      return sendError(c, { code: 'EXECUTION_VALIDATION_FAILED', message: error.message || 'Bad request.' });
    }
    log(`svc serve: unexpected failure on ${c.req.method} ${c.req.path}: ${(error as Error).stack ?? String(error)}`);
    return sendError(c, { code: 'INTERNAL_SERVER_ERROR', message: 'Unexpected server failure.' });
  });
  return { app, fetch: app.fetch, bus, inFlight, runtime };
}
