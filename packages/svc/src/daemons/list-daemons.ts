// Every daemon of this user: the keys that have files under ~/.svc/daemon/, each with its live status. For
// `svc daemon list` and `svc daemon stop --all`.
import { readdirSync } from 'node:fs';
import { type DaemonStatus, daemonStatus } from './lifecycle.ts';
import { type DaemonPaths, daemonDir, daemonPaths, serialOfKey } from './paths.ts';

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
  const serials = new Set<string>();
  for (const name of names) {
    const key = /^daemon-(.+)\.(sock|pid|lock)$/.exec(name)?.[1];
    const serial = key === undefined ? undefined : serialOfKey(key);
    if (serial !== undefined) serials.add(serial);
  }
  return [...serials].sort().map((serial) => daemonPaths(home, serial));
}

export async function listDaemons(home: string): Promise<ListedDaemon[]> {
  return Promise.all(daemonKeys(home).map(async (paths) => ({ serial: paths.serial, ...(await daemonStatus(paths)) })));
}
