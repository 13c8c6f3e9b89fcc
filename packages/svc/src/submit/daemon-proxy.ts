// The transparent proxy: an execution reaches the daemon of its device as POST /execute on the Unix socket, after
// the daemon proved (GET /version) that it runs this very CLI build in this environment. A daemon is only ever
// started for a device that is there, keyed by its serial: before starting one, the device is resolved (one quick
// question to the adb server), so a typo or an unplugged phone gets its error at once and leaves no daemon behind.
// A call that names a device whose daemon already runs skips that question (the hot path of an agent's calls): the
// daemon was keyed by a serial the adb server reported, and it resolves the device itself before acting.
// Any problem BEFORE the request reaches the daemon means "run direct"; a response lost AFTER it is
// DAEMON_PROXY_ERROR (the action may have run: never run it twice), except a snapshot-only execution, which is
// read-only and may run direct once.
import { existsSync } from 'node:fs';
import { quickDeviceList } from '../adapters/adb/quick-device-list.ts';
import type { Env } from '../contracts/env.ts';
import { errorBodyOf, SvcError } from '../contracts/errors.ts';
import { type ScreenRequest, screenFieldsOf } from '../contracts/screen-request.ts';
import type { RunResult, ValidExecution } from '../contracts/types.ts';
import { DAEMON_PROBE_MS, DAEMON_READY_TIMEOUT_MS, HOST_WORK_SLACK_MS, proxyRequestTimeoutMs } from '../core/config.ts';
import { currentIdentity, type DaemonIdentity, identityMismatch } from '../daemons/identity.ts';
import { type DaemonPaths, daemonPaths, ensurePrivateDir } from '../daemons/paths.ts';
import { CWD_HEADER, VERBOSE_HEADER } from '../daemons/protocol.ts';
import { DaemonClient, SocketRequestError } from '../daemons/socket-client.ts';
import { chooseDevice } from '../devices/resolve-device.ts';
import type { Target } from '../executions/target.ts';

type ProxiedExecution = Pick<ValidExecution, 'actions' | 'timeoutMs'>;

export interface ProxyRequest {
  execution: ValidExecution;
  target: Target;
  cwd: string;
  verbose: boolean;
  waitDeviceMs?: number | undefined;
  screen?: ScreenRequest | undefined;
  env: Env;
  home: string;
}

/** Why this request must run in the CLI process, or undefined when the daemon may take it. */
export function directReason(
  request: { execution: ProxiedExecution; env: Env },
  daemon: boolean,
  platform: NodeJS.Platform = process.platform,
) {
  if (!daemon) return '--no-daemon';
  if (request.env.SVC_NO_DAEMON === '1') return 'SVC_NO_DAEMON=1';
  if (platform === 'win32') return 'windows';
  const relativeShot = request.execution.actions.some(
    (a) => a.type === 'take_screenshot' && typeof a.params?.path === 'string' && !isAbsolutePath(a.params.path),
  );
  if (relativeShot) return 'take_screenshot with a relative path';
  return undefined;
}

const isAbsolutePath = (path: string) => path.startsWith('/');

/** Snapshot-only executions read the screen and change nothing: the one kind that may run again directly. */
export function isReadOnly(execution: ProxiedExecution): boolean {
  return execution.actions.every((a) => a.type === 'snapshot_ui');
}

export type ProxyOutcome =
  | { kind: 'result'; result: RunResult }
  | { kind: 'direct'; reason: string; execution?: ValidExecution };

/**
 * The direct re-run of a snapshot gets its own commandId (`<id>-retry`): the first run may still answer on the
 * device, and its late envelope must not be taken for the re-run's (its hierarchy frames went by unseen).
 */
export function retryOf<T extends { commandId: string }>(execution: T): T {
  return { ...execution, commandId: `${execution.commandId.slice(0, 128 - '-retry'.length)}-retry` };
}

/** The serial the request targets, or the device-selection error to answer with (no daemon is started for it). */
async function serialOf(request: ProxyRequest): Promise<{ serial: string } | { error: RunResult } | undefined> {
  let devices: Awaited<ReturnType<typeof quickDeviceList>>;
  try {
    devices = await quickDeviceList(request.env);
  } catch {
    return undefined; // no adb server answers: the direct path starts one, or says why it cannot
  }
  try {
    return { serial: chooseDevice(devices, request.target).serial };
  } catch (error) {
    return { error: { ok: false, error: errorBodyOf(error) } };
  }
}

export async function proxyExecution(request: ProxyRequest): Promise<ProxyOutcome> {
  const identity = currentIdentity(request.env);
  const named = request.target.deviceId;
  if (named !== undefined) {
    const paths = daemonPaths(request.home, named);
    const client = existsSync(paths.socket) ? new DaemonClient(paths.socket) : undefined;
    if (client !== undefined && (await reportedMismatch(client, identity)) === undefined) {
      return dispatch(request, client, paths, named);
    }
  }
  const resolved = await serialOf(request);
  if (resolved === undefined) return { kind: 'direct', reason: 'no adb server answered' };
  if ('error' in resolved) return { kind: 'result', result: resolved.error };
  const paths = daemonPaths(request.home, resolved.serial);
  const client = await readyDaemon(paths, identity, request.env);
  if (client === undefined) return { kind: 'direct', reason: 'daemon not ready' };
  return dispatch(request, client, paths, resolved.serial);
}

/** POST /execute to a daemon that reported our identity. */
async function dispatch(
  request: ProxyRequest,
  client: DaemonClient,
  paths: DaemonPaths,
  serial: string,
): Promise<ProxyOutcome> {
  try {
    const { target } = request;
    const body = {
      execution: request.execution,
      deviceId: serial,
      operatorPackage: target.operatorPackage,
      driver: target.driver,
      ...(request.waitDeviceMs === undefined ? {} : { waitDeviceMs: request.waitDeviceMs }),
      ...screenFieldsOf(request.screen),
    };
    const headers = { [VERBOSE_HEADER]: request.verbose ? '1' : '0', [CWD_HEADER]: encodeURIComponent(request.cwd) };
    // Reading the screen after the run (until it is still) is host work of its own.
    const screenMs = request.screen === undefined ? 0 : HOST_WORK_SLACK_MS;
    const timeoutMs = proxyRequestTimeoutMs(request.execution.timeoutMs) + (request.waitDeviceMs ?? 0) + screenMs;
    let response: Awaited<ReturnType<DaemonClient['post']>>;
    try {
      response = await client.post('/execute', body, headers, timeoutMs);
    } catch (error) {
      if (!(error instanceof SocketRequestError)) throw error;
      if (!error.afterDispatch)
        return { kind: 'direct', reason: `daemon unreachable (${error.code ?? error.message})` };
      if (isReadOnly(request.execution)) {
        return {
          kind: 'direct',
          reason: 'snapshot response lost; one direct run',
          execution: retryOf(request.execution),
        };
      }
      return { kind: 'result', result: proxyError(paths, error) };
    }
    return { kind: 'result', result: fromEnvironment(asRunResult(response.json, paths), request.target) };
  } finally {
    client.close();
  }
}

/**
 * The daemon gets the serial, not where it came from: a device named by ANDROID_SERIAL that is gone says so, as the
 * device check of this process would have (details.from).
 */
function fromEnvironment(result: RunResult, target: Target): RunResult {
  if (result.ok || result.error.code !== 'DEVICE_NOT_FOUND' || target.deviceSource !== 'ANDROID_SERIAL') return result;
  return { ...result, error: { ...result.error, details: { ...result.error.details, from: 'ANDROID_SERIAL' } } };
}

function proxyError(paths: DaemonPaths, cause: SocketRequestError): RunResult {
  const error = new SvcError(
    'DAEMON_PROXY_ERROR',
    'The daemon response was lost after dispatch; the action may have executed on the device. It was not run again.',
    { socketPath: paths.socket, error: cause.code === undefined ? cause.message : `${cause.code}: ${cause.message}` },
  );
  return { ok: false, error: error.toBody() };
}

function asRunResult(json: unknown, paths: DaemonPaths): RunResult {
  const value = json as { ok?: unknown; error?: unknown } | null;
  if (value !== null && typeof value === 'object' && (value.ok === true || typeof value.error === 'object')) {
    return value as RunResult;
  }
  return proxyError(
    paths,
    new SocketRequestError('the daemon answered something that is not a run result', true, 'EPROTO'),
  );
}

/**
 * A client of a daemon that reported this CLI's identity, starting or restarting it under the lifecycle lock as
 * needed ; undefined when it cannot become ready in time (the caller runs direct).
 */
async function readyDaemon(paths: DaemonPaths, identity: DaemonIdentity, env: Env): Promise<DaemonClient | undefined> {
  const client = new DaemonClient(paths.socket);
  if ((await reportedMismatch(client, identity)) === undefined) return client;
  client.close();
  try {
    // The lifecycle code (spawn, signals) loads only when a daemon must be started or replaced.
    const [{ nodeLifecyclePorts, startLocked, stopLocked }, { acquireLifecycleLock }] = await Promise.all([
      import('../daemons/lifecycle.ts'),
      import('../daemons/lifecycle-lock.ts'),
    ]);
    ensurePrivateDir(paths.dir);
    const lock = await acquireLifecycleLock(paths.lock, DAEMON_READY_TIMEOUT_MS);
    try {
      const fresh = new DaemonClient(paths.socket);
      const mismatch = await reportedMismatch(fresh, identity);
      if (mismatch === undefined) return fresh; // another CLI call started it while we waited for the lock
      fresh.close();
      if (mismatch !== 'unreachable') await stopLocked(paths, nodeLifecyclePorts);
      await startLocked(paths, { env });
    } finally {
      lock.release();
    }
  } catch {
    return undefined;
  }
  const started = new DaemonClient(paths.socket);
  if ((await reportedMismatch(started, identity)) === undefined) return started;
  started.close();
  return undefined;
}

/** undefined when the daemon answers /version with our identity; else `unreachable` or the difference. */
async function reportedMismatch(client: DaemonClient, identity: DaemonIdentity): Promise<string | undefined> {
  try {
    const response = await client.get('/version', DAEMON_PROBE_MS);
    return identityMismatch(identity, response.json);
  } catch {
    return 'unreachable';
  }
}
