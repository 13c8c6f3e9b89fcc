// Every daemon of this user: the keys that have files under ~/.svc/daemon/, each with its live status. For
// `svc daemon list` and `svc daemon stop --all`.
import { readdirSync } from 'node:fs';
import { type DaemonStatus, daemonStatus } from './lifecycle.ts';
import { readMetadata } from './metadata.ts';
import { type DaemonPaths, daemonDir, daemonPathsOfKey, deviceKeyOfDaemonKey } from './paths.ts';

export interface ListedDaemon extends DaemonStatus {
  serial: string;
}

/**
 * The daemons whose files name a device (one entry per key): a socket, metadata or lock file, which a running daemon
 * has and a dead one may have left. A log alone is the history of a daemon that stopped cleanly; it lists nothing.
 */
export function daemonKeys(home: string): DaemonPaths[] {
  let names: string[];
  try {
    names = readdirSync(daemonDir(home));
  } catch {
    return [];
  }
  const keys = new Map<string, string>();
  for (const name of names) {
    const key = /^daemon-(.+)\.(sock|pid|lock)$/.exec(name)?.[1];
    const deviceKey = key === undefined ? undefined : deviceKeyOfDaemonKey(key);
    if (key !== undefined && deviceKey !== undefined) keys.set(key, deviceKey);
  }
  return [...keys]
    .map(([key, deviceKey]) => {
      // The serial as the daemon was started with it; the device key when its metadata is gone.
      const paths = daemonPathsOfKey(home, key, deviceKey);
      return daemonPathsOfKey(home, key, readMetadata(paths.pid)?.rawDeviceId ?? deviceKey);
    })
    .sort((a, b) => a.serial.localeCompare(b.serial));
}

export async function listDaemons(home: string): Promise<ListedDaemon[]> {
  return Promise.all(daemonKeys(home).map(async (paths) => ({ serial: paths.serial, ...(await daemonStatus(paths)) })));
}
