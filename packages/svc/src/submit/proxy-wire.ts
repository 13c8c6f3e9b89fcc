// What a proxied call sends to the daemon and how its answer is read: shared by the proxy (daemon-proxy.ts) and the
// thin client of `svc exec` (cli/thin-exec.ts), so both ask the same way and report an answer, or a lost one, in the
// same words.
import { SvcError } from '../contracts/errors.ts';
import { screenFieldsOf } from '../contracts/screen-request.ts';
import type { RunResult } from '../contracts/types.ts';
import { HOST_WORK_SLACK_MS, proxyRequestTimeoutMs } from '../core/config.ts';
import type { DaemonIdentity } from '../daemons/identity.ts';
import type { DaemonPaths } from '../daemons/paths.ts';
import {
  CWD_HEADER,
  encodeIdentity,
  IDENTITY_CHECKED_HEADER,
  IDENTITY_HEADER,
  PROXY_EXECUTE_PATH,
  TIMEOUT_GIVEN_HEADER,
  VERBOSE_HEADER,
} from '../daemons/protocol.ts';
import { DaemonClient, SocketRequestError, type SocketResponse } from '../daemons/socket-client.ts';
import type { Target } from '../executions/target.ts';
import type { SubmitRequest } from './request.ts';

/** A submitted request as it travels to a daemon, which validates the execution and resolves the device again. */
type ProxiedCall = Omit<SubmitRequest, 'execution' | 'target'> & {
  /** The execution as the daemon validates it (normalized by the CLI, or as the user wrote it). */
  execution: unknown;
  timeoutMs: number;
  serial: string;
  target: Pick<Target, 'operatorPackage' | 'operatorPackageSource' | 'driver' | 'allowUntestedOperator'>;
};

/**
 * POST /proxy/execute: the answer, or `refused` when the daemon is of another identity (409) or older than the route
 * (no identity-checked header): nothing ran there. Throws SocketRequestError when the exchange failed.
 */
export async function postProxied(
  paths: Pick<DaemonPaths, 'socket'>,
  identity: DaemonIdentity,
  call: ProxiedCall,
): Promise<SocketResponse | 'refused'> {
  const body = {
    execution: call.execution,
    deviceId: call.serial,
    // A package nobody named is left to the daemon, which finds the operator variant installed on its device.
    ...(call.target.operatorPackageSource === 'default' ? {} : { operatorPackage: call.target.operatorPackage }),
    driver: call.target.driver,
    ...(call.target.allowUntestedOperator === true ? { allowUntestedOperator: true } : {}),
    ...(call.waitDeviceMs === undefined ? {} : { waitDeviceMs: call.waitDeviceMs }),
    ...screenFieldsOf(call.screen),
  };
  const headers = {
    [VERBOSE_HEADER]: call.verbose ? '1' : '0',
    [CWD_HEADER]: encodeURIComponent(call.cwd),
    [TIMEOUT_GIVEN_HEADER]: call.timeoutGiven === true ? '1' : '0',
    [IDENTITY_HEADER]: encodeIdentity(identity),
  };
  // Reading the screen after the run (until it is still) is host work of its own.
  const screenMs = call.screen === undefined ? 0 : HOST_WORK_SLACK_MS;
  const timeoutMs = proxyRequestTimeoutMs(call.timeoutMs) + (call.waitDeviceMs ?? 0) + screenMs;
  const response = await new DaemonClient(paths.socket).post(PROXY_EXECUTE_PATH, body, headers, timeoutMs);
  return response.headers[IDENTITY_CHECKED_HEADER] === '1' ? response : 'refused';
}

/**
 * The daemon gets the serial, not where it came from: a device named by ANDROID_SERIAL that is gone says so, as the
 * device check of this process would have (details.from).
 */
export function fromEnvironment(result: RunResult, target: Pick<Target, 'deviceSource'>): RunResult {
  if (result.ok || result.error.code !== 'DEVICE_NOT_FOUND' || target.deviceSource !== 'ANDROID_SERIAL') return result;
  return { ...result, error: { ...result.error, details: { ...result.error.details, from: 'ANDROID_SERIAL' } } };
}

/** A response lost after the request reached the daemon: the action may have run, and is never run again. */
export function proxyError(paths: Pick<DaemonPaths, 'socket'>, cause: SocketRequestError): RunResult {
  const error = new SvcError(
    'DAEMON_PROXY_ERROR',
    'The daemon response was lost after dispatch; the action may have executed on the device. It was not run again.',
    { socketPath: paths.socket, error: cause.code === undefined ? cause.message : `${cause.code}: ${cause.message}` },
  );
  return { ok: false, error: error.toBody() };
}

/** The daemon's answer as a run result; anything else counts as a lost answer. */
export function asRunResult(json: unknown, paths: Pick<DaemonPaths, 'socket'>): RunResult {
  const value = json as { ok?: unknown; error?: unknown } | null;
  if (value !== null && typeof value === 'object' && (value.ok === true || typeof value.error === 'object')) {
    return value as RunResult;
  }
  return proxyError(
    paths,
    new SocketRequestError('the daemon answered something that is not a run result', true, 'EPROTO'),
  );
}
