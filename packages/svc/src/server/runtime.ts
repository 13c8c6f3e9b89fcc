// What a route module receives. A route area (`server/routes/<area>.ts`) exports a `RouteModule` and is listed in
// `server/routes/index.ts`; it reads bodies with `readJsonObjectBody`, answers with `sendOk` / `sendError` /
// `sendRunResult` (server/http.ts) and throws `SvcError` for anything the catalogue maps to a status.
import type { Hono } from 'hono';
import type { RunResult } from '../contracts/types.ts';
import type { EventBus } from './event-bus.ts';
import type { InFlightTracker } from './in-flight.ts';
import type { ExecutionRequest } from './run-and-publish.ts';

/** The use cases the routes call, bound to one context; tests replace any of them. */
export interface ServerDeps {
  runExecution(request: ExecutionRequest): Promise<RunResult>;
  listDevices(): Promise<{ serial: string; state: string }[]>;
  /** Environment for operator package resolution. */
  env: Record<string, string | undefined>;
  /** Epoch ms, for the built execution ids. */
  now(): number;
}

export interface ServerRuntime<Ctx = unknown> {
  readonly ctx: Ctx;
  readonly deps: ServerDeps;
  readonly bus: EventBus;
  readonly inFlight: InFlightTracker;
  /** Interval between `: keepalive` comments on SSE streams. */
  readonly keepAliveMs: number;
  /** Runs an execution through `deps.runExecution`, counting it in flight and publishing its events. */
  run(request: ExecutionRequest): Promise<RunResult>;
}

export type RouteModule = (app: Hono, runtime: ServerRuntime) => void;
