// The transparent proxy: an execution goes to the daemon of its device (running-daemon.ts), and when none of this
// CLI's identity runs, one is started for it first. A daemon is only ever started for a device that is there, keyed
// by its serial: before starting one, the device is resolved (one quick question to the adb server), so a typo or an
// unplugged phone gets its error at once and leaves no daemon behind. The daemon started is the phone's
// (daemons/phone-daemon.ts): a second name of a phone whose daemon runs is pointed at that daemon, not given one.
import type { Env } from '../contracts/env.ts';
import { DAEMON_PROBE_MS } from '../core/config.ts';
import { currentIdentity, type DaemonIdentity, identityMismatch } from '../daemons/identity.ts';
import { type DaemonPaths, ensurePrivateDir } from '../daemons/paths.ts';
import { DaemonClient } from '../daemons/socket-client.ts';
import { dispatch, type ProxyOutcome, type ProxyRequest, viaRunningDaemon } from './running-daemon.ts';

export {
  directReason,
  isReadOnly,
  type ProxyOutcome,
  type ProxyRequest,
  retryOf,
} from './running-daemon.ts';

export async function proxyExecution(request: ProxyRequest): Promise<ProxyOutcome> {
  const identity = currentIdentity(request.env);
  const running = await viaRunningDaemon(request, identity);
  if (running.kind !== 'start') return running;
  const { serial } = running;
  const paths = await phonePaths(request, serial);
  if (!(await startFreshDaemon(paths, identity, request.env))) return { kind: 'direct', reason: 'daemon not ready' };
  return (await dispatch(request, paths, serial, identity)) ?? { kind: 'direct', reason: 'daemon not ready' };
}

/** The daemon of the phone `serial` names (its name pointed at it); the name's own when the phone cannot be asked. */
async function phonePaths(request: ProxyRequest, serial: string): Promise<DaemonPaths> {
  const { phoneDaemonPathsOver } = await import('../daemons/phone-daemon.ts');
  return phoneDaemonPathsOver(request.home, serial, request.env);
}

/**
 * Makes the daemon of `paths` one of this CLI's identity, under the lifecycle lock: another call may have started
 * one meanwhile (its /version then says so), else a daemon of another identity is stopped and a new one started.
 * False when that fails (the caller runs direct).
 */
async function startFreshDaemon(paths: DaemonPaths, identity: DaemonIdentity, env: Env): Promise<boolean> {
  try {
    // The lifecycle code (spawn, signals) loads only when a daemon must be started or replaced.
    const [{ daemonReadyTimeoutMs, nodeLifecyclePorts, startLocked, stopLocked }, { acquireLifecycleLock }] =
      await Promise.all([import('../daemons/lifecycle.ts'), import('../daemons/lifecycle-lock.ts')]);
    ensurePrivateDir(paths.dir);
    const lock = await acquireLifecycleLock(paths.lock, daemonReadyTimeoutMs());
    try {
      const mismatch = await reportedMismatch(new DaemonClient(paths.socket), identity);
      if (mismatch === undefined) return true;
      if (mismatch !== 'unreachable') await stopLocked(paths, nodeLifecyclePorts);
      await startLocked(paths, { env });
      return true;
    } finally {
      lock.release();
    }
  } catch {
    return false;
  }
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
