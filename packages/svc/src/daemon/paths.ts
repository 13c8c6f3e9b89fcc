// Where a daemon lives (SPEC 4.7, DECISIONS 13): one key per requested device, files under ~/.svc/daemon/. The key
// is `default` without a device, else `id-` + base64url of the raw value, so similar serials never collide and any
// serial is a safe file name.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SvcError } from '../contracts/errors.ts';

export interface DaemonPaths {
  readonly key: string;
  /** The raw --device value ('' for the default daemon). */
  readonly rawDeviceId: string;
  readonly dir: string;
  readonly socket: string;
  readonly pid: string;
  readonly log: string;
  readonly lock: string;
}

export function daemonKey(rawDeviceId: string | undefined): string {
  if (rawDeviceId === undefined || rawDeviceId.trim() === '') return 'default';
  return `id-${Buffer.from(rawDeviceId, 'utf8').toString('base64url')}`;
}

export function daemonDir(home: string): string {
  return join(home, '.svc', 'daemon');
}

export function daemonPaths(home: string, rawDeviceId: string | undefined): DaemonPaths {
  const key = daemonKey(rawDeviceId);
  const dir = daemonDir(home);
  const base = join(dir, `daemon-${key}`);
  return {
    key,
    rawDeviceId: key === 'default' ? '' : (rawDeviceId as string),
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
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new SvcError('DAEMON_START_FAILED', `${dir} belongs to another user (uid ${stat.uid}); refusing to use it.`, {
      dir,
      ownerUid: stat.uid,
      reason: 'dir_owner',
    });
  }
  if ((stat.mode & 0o077) !== 0) {
    throw new SvcError(
      'DAEMON_START_FAILED',
      `${dir} is accessible to group or others (mode ${(stat.mode & 0o777).toString(8)}); run chmod 700 on it.`,
      { dir, mode: (stat.mode & 0o777).toString(8), reason: 'dir_mode' },
    );
  }
}
