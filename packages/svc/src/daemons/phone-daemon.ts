// The daemon of the phone a name reaches, not of the name: before a daemon is started, the device is asked who it is
// (devices/device-identity.ts), the daemon is keyed by that identity and the adb servers of the environment (a daemon
// talks to the adb servers it was started with, so one phone on two adb servers has one daemon per environment, and
// the device lock, keyed by the identity alone, keeps them from running at once), and the name is pointed at it
// (paths.ts, pointNameAt). A second name of a running phone then reaches the same daemon instead of starting one.
import { createHash } from 'node:crypto';
import type { AdbPort } from '../adapters/adb/adb-port.ts';
import { createAdbServerPort } from '../adapters/adb/adb-server-port.ts';
import { nodeProcessRunner } from '../adapters/process/process-runner.ts';
import type { Env } from '../contracts/env.ts';
import { askDeviceIdentity } from '../devices/device-identity.ts';
import { environmentIdentity } from './identity.ts';
import {
  type DaemonPaths,
  daemonDir,
  daemonPaths,
  daemonPathsOfKey,
  ensurePrivateDir,
  namedDaemonKey,
  PHONE_KEY_PREFIX,
  pointNameAt,
} from './paths.ts';

/**
 * `ph-` + 128 bits of the SHA-256 of the phone and its adb servers: the whole text would make the socket's path longer
 * than a Unix socket address may be (108 bytes).
 */
function phoneKey(text: string): string {
  return `${PHONE_KEY_PREFIX}${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
}

/**
 * The paths of the daemon of the phone `serial` names, its name pointed at them. A device that cannot say who it is
 * keeps the daemon of its name (and whatever its name pointed at before).
 */
export async function phoneDaemonPaths(home: string, serial: string, env: Env, adb: AdbPort): Promise<DaemonPaths> {
  const identity = await askDeviceIdentity(adb, serial).catch(() => undefined);
  if (identity === undefined) return daemonPaths(home, serial, env);
  const key = phoneKey(`${identity}@${environmentIdentity(env).adbServers}`);
  ensurePrivateDir(daemonDir(home));
  pointNameAt(home, namedDaemonKey(serial, env), key);
  return daemonPathsOfKey(home, key, serial);
}

/** phoneDaemonPaths over an adb connection of its own (a CLI process about to start or restart a daemon). */
export async function phoneDaemonPathsOver(home: string, serial: string, env: Env): Promise<DaemonPaths> {
  const adb = createAdbServerPort(env, nodeProcessRunner);
  try {
    return await phoneDaemonPaths(home, serial, env, adb);
  } catch {
    return daemonPaths(home, serial, env);
  } finally {
    await adb.close();
  }
}
