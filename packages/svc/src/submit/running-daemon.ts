// The proxy's fast half: an execution goes to the daemon already running for its device, as one POST on the Unix
// socket that carries this CLI's identity (version, build, environment); the daemon runs it only when that identity
// is its own, else it refuses before anything runs. A call that names a device whose daemon runs goes straight to it
// (the hot path of an agent's calls): the daemon was keyed by a serial the adb server reported, and it resolves the
// device itself before acting; else the device is resolved first (one quick question to the adb server), so a typo
// or an unplugged phone gets its error at once. Starting a daemon is the other half (daemon-proxy.ts): this one
// loads no lifecycle code, so the thin client of `svc exec` (cli/thin-exec.ts) can use it alone.
// Any problem BEFORE the request reaches the daemon means "a daemon must be started" or "run direct"; a response
// lost AFTER it is DAEMON_PROXY_ERROR (the action may have run: never run it twice), except a snapshot-only
// execution, which is read-only and may run direct once.
import { existsSync } from 'node:fs';
import { quickDeviceList } from '../adapters/adb/quick-device-list.ts';
import type { Env } from '../contracts/env.ts';
import { errorBodyOf } from '../contracts/errors.ts';
import type { RunResult, ValidExecution } from '../contracts/types.ts';
import type { DaemonIdentity } from '../daemons/identity.ts';
import { type DaemonPaths, daemonPaths } from '../daemons/paths.ts';
import { SocketRequestError } from '../daemons/socket-client.ts';
import { chooseDevice } from '../devices/resolve-device.ts';
import { asRunResult, fromEnvironment, postProxied, proxyError } from './proxy-wire.ts';
import type { SubmitRequest } from './request.ts';

type ProxiedExecution = Pick<ValidExecution, 'actions' | 'timeoutMs'>;

/** A submitted request, with the caller's environment and home, which name the daemon to take it. */
export type ProxyRequest = SubmitRequest & { env: Env; home: string };

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

/**
 * The request through the daemon running for its device, or `start` with the serial whose daemon must be (re)started
 * first (none runs, or one of another identity): nothing has run anywhere then.
 */
export async function viaRunningDaemon(
  request: ProxyRequest,
  identity: DaemonIdentity,
): Promise<ProxyOutcome | { kind: 'start'; serial: string }> {
  const named = request.target.deviceId;
  const namedPaths = () => daemonPaths(request.home, named as string, request.env);
  if (named !== undefined) {
    const outcome = await dispatch(request, namedPaths(), named, identity);
    if (outcome !== undefined) return outcome;
  }
  const resolved = await serialOf(request);
  if (resolved === undefined) return { kind: 'direct', reason: 'no adb server answered, or the device is not ready' };
  if ('error' in resolved) return { kind: 'result', result: resolved.error };
  const { serial } = resolved;
  const paths = daemonPaths(request.home, serial, request.env);
  // One phone has one daemon however it is named: the daemon tried above is not tried again.
  if (named === undefined || paths.socket !== namedPaths().socket) {
    const outcome = await dispatch(request, paths, serial, identity);
    if (outcome !== undefined) return outcome;
  }
  return { kind: 'start', serial };
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
    // Asked to wait: the device may be back in a moment (an adb server restarting, a device offline); the direct
    // path waits for it, and no daemon is started for a device that may never come.
    if ((request.waitDeviceMs ?? 0) > 0) return undefined;
    return { error: { ok: false, error: errorBodyOf(error) } };
  }
}

/**
 * POST /proxy/execute to the daemon at `paths` with this CLI's identity. Undefined when nothing can have run there:
 * no socket, no connection, a daemon of another identity (409) or one older than the route (404 without the
 * identity-checked header); the caller then (re)starts the daemon.
 */
export async function dispatch(
  request: ProxyRequest,
  paths: DaemonPaths,
  serial: string,
  identity: DaemonIdentity,
): Promise<ProxyOutcome | undefined> {
  if (!existsSync(paths.socket)) return undefined;
  let response: Awaited<ReturnType<typeof postProxied>>;
  try {
    response = await postProxied(paths, identity, {
      execution: request.execution,
      timeoutMs: request.execution.timeoutMs,
      serial,
      target: request.target,
      cwd: request.cwd,
      verbose: request.verbose,
      waitDeviceMs: request.waitDeviceMs,
      timeoutGiven: request.timeoutGiven,
      screen: request.screen,
    });
  } catch (error) {
    if (!(error instanceof SocketRequestError)) throw error;
    if (!error.afterDispatch) return undefined; // nobody listens (a stale socket): a new daemon takes the call
    if (isReadOnly(request.execution)) {
      return {
        kind: 'direct',
        reason: 'snapshot response lost; one direct run',
        execution: retryOf(request.execution),
      };
    }
    return { kind: 'result', result: proxyError(paths, error) };
  }
  if (response === 'refused') return undefined;
  return { kind: 'result', result: fromEnvironment(asRunResult(response.json, paths), request.target) };
}
