// What a route module receives. A route area (`server/routes/<area>.ts`) exports a `RouteModule` and is listed in
// `server/routes/index.ts`; it reads bodies with `readJsonObjectBody`, answers with `sendOk` / `sendError` /
// `sendRunResult` (adapters/http/responses.ts) and throws `SvcError` for anything the catalogue maps to a status.
import type { Hono } from 'hono';
import type { SilentServer } from '../contracts/adb-servers.ts';
import type { Env } from '../contracts/env.ts';
import type { SvcError } from '../contracts/errors.ts';
import type { RunResult } from '../contracts/types.ts';
import type { Device } from '../devices/list-devices.ts';
import type { SubmitRequest } from '../submit/request.ts';
import type { Submit } from '../submit/submit.ts';
import type { ChoreRequest } from '../toolbox/run-chore.ts';
import type { EventBus } from './event-bus.ts';
import type { InFlightTracker } from './in-flight.ts';

/** The use cases the routes call, bound to one context; tests replace any of them. */
export interface ServerDeps {
  submit: Submit;
  /**
   * The adb server's devices, each ready one with the driver `auto` would pick there (as `svc devices`); over several
   * adb servers, `onSilent` hears each that did not answer.
   */
  listDevices(onSilent?: (server: SilentServer) => void): Promise<(Device & { driver?: string })[]>;
  /** A chore by name (`/tools/<name>`): `{ ok: true, deviceId, ... }`, or throws SvcError. */
  runChore(name: string, request: ChoreRequest): Promise<Record<string, unknown>>;
  /** Environment for target resolution (ANDROID_SERIAL, SVC_OPERATOR_PACKAGE, SVC_DRIVER) and the skills registry. */
  env: Env;
  /** Where relative paths of a request resolve (the server's working directory). */
  cwd: string;
}

export interface ServerRuntime<Ctx = unknown> {
  readonly ctx: Ctx;
  readonly deps: ServerDeps;
  readonly bus: EventBus;
  readonly inFlight: InFlightTracker;
  /** Interval between `: keepalive` comments on SSE streams. */
  readonly keepAliveMs: number;
  /**
   * Screenshot paths of requests are confined to this folder (`svc serve`); undefined where the caller is the user
   * (the daemon serves the user's own CLI, whose paths resolve against its cwd).
   */
  readonly screenshotsDir: string | undefined;
  /**
   * The only folder `install` may read an APK from: a folder for `svc serve --apks-dir`, null for a server without
   * one (install refused), undefined for the daemon (the user's own CLI).
   */
  readonly apksDir: string | null | undefined;
  /** Submits an execution, counting it in flight and publishing its events. */
  run(request: SubmitRequest): Promise<RunResult>;
  /** An execution refused before it could run (validation): published like any attempt, returned as the failure. */
  reject(input: unknown, error: SvcError, deviceId: string | undefined): RunResult;
}

export type RouteModule = (app: Hono, runtime: ServerRuntime) => void;
