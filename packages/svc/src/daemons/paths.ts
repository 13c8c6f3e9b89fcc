// Where a daemon lives: one per device, keyed by its serial as the adb server reports it (never by how a caller
// spelled it, so one device never gets two daemons), files under ~/.svc/daemon/ (private to the user). The key is
// `id-` + base64url of the serial, so similar serials never collide and any serial is a safe file name.
import { join } from 'node:path';
import { makePrivateDir } from '../adapters/fs/private-dir.ts';
import { SvcError } from '../contracts/errors.ts';

export interface DaemonPaths {
  readonly key: string;
  /** The serial of the device the daemon serves. */
  readonly serial: string;
  readonly dir: string;
  readonly socket: string;
  readonly pid: string;
  readonly log: string;
  readonly lock: string;
}

export function daemonKey(serial: string): string {
  return `id-${Buffer.from(serial, 'utf8').toString('base64url')}`;
}

/** The serial a key names, or undefined for a key that is not ours (an older `default` daemon). */
export function serialOfKey(key: string): string | undefined {
  if (!key.startsWith('id-')) return undefined;
  const serial = Buffer.from(key.slice(3), 'base64url').toString('utf8');
  return daemonKey(serial) === key ? serial : undefined;
}

export function daemonDir(home: string): string {
  return join(home, '.svc', 'daemon');
}

export function daemonPaths(home: string, serial: string): DaemonPaths {
  const key = daemonKey(serial);
  const dir = daemonDir(home);
  const base = join(dir, `daemon-${key}`);
  return {
    key,
    serial,
    dir,
    socket: `${base}.sock`,
    pid: `${base}.pid`,
    log: `${base}.log`,
    lock: `${base}.lock`,
  };
}

/**
 * Creates ~/.svc/daemon (0700) when missing and refuses one that another user owns or that group or others can
 * reach (DECISIONS 13): whoever can open the socket can drive the phone.
 */
export function ensurePrivateDir(dir: string): void {
  const problem = makePrivateDir(dir);
  if (problem !== undefined) {
    throw new SvcError('DAEMON_START_FAILED', problem.message, { ...problem.details, reason: problem.reason });
  }
}
