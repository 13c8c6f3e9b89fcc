// Where a daemon lives: one per device, keyed by the device's key (devices/device-key.ts: its adb server, spelled
// one way, and its serial as that server reports it; never by how a caller spelled either, so one device never gets
// two daemons), files under ~/.svc/daemon/ (private to the user). The key is `id-` + base64url of the device key,
// so similar serials never collide and any serial is a safe file name.
// A name may point at the daemon of the phone it names (`daemon-<name key>.alias`, a symbolic link to the phone's
// key, written by phone-daemon.ts once the phone said who it is): two names of one phone (`127.0.0.1:P` and
// `localhost:P`) then find one daemon, with no question to the device on the way.
import { readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from '../adapters/fs/private-dir.ts';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { deviceKeyIdOf } from '../devices/device-key.ts';

export interface DaemonPaths {
  readonly key: string;
  /** The device the daemon serves, as the caller's environment names it (`daemon run --device`). */
  readonly serial: string;
  readonly dir: string;
  readonly socket: string;
  readonly pid: string;
  readonly log: string;
  readonly lock: string;
}

export function daemonKey(deviceKey: string): string {
  return `id-${Buffer.from(deviceKey, 'utf8').toString('base64url')}`;
}

/**
 * The device key a daemon key names (a phone's daemon: the key itself), or undefined for a key that is not ours (an
 * older `default` daemon).
 */
export function deviceKeyOfDaemonKey(key: string): string | undefined {
  if (key.startsWith(PHONE_KEY_PREFIX) && KEY.test(key)) return key;
  if (!key.startsWith('id-')) return undefined;
  const deviceKey = Buffer.from(key.slice(3), 'base64url').toString('utf8');
  return daemonKey(deviceKey) === key ? deviceKey : undefined;
}

export function daemonDir(home: string): string {
  return join(home, '.svc', 'daemon');
}

/** The daemon of the device `serial` names in `env` (which adb server a plain serial is on). */
export function daemonPaths(home: string, serial: string, env: Env): DaemonPaths {
  const named = daemonKey(deviceKeyIdOf(env, serial));
  return daemonPathsOfKey(home, aliasOf(home, named) ?? named, serial);
}

/** The daemon of `serial` by its name alone, whatever its alias says (the key a phone daemon is looked up from). */
export function namedDaemonKey(serial: string, env: Env): string {
  return daemonKey(deviceKeyIdOf(env, serial));
}

const aliasPath = (home: string, namedKey: string) => join(daemonDir(home), `daemon-${namedKey}.alias`);
const KEY = /^(?:id|ph)-[A-Za-z0-9_-]+$/;

/** A phone's daemon (phone-daemon.ts): its key is a digest, so it names no device; its metadata does. */
export const PHONE_KEY_PREFIX = 'ph-';

function aliasOf(home: string, namedKey: string): string | undefined {
  try {
    const target = readlinkSync(aliasPath(home, namedKey));
    return KEY.test(target) ? target : undefined;
  } catch {
    return undefined;
  }
}

/** From now on the name `namedKey` finds the daemon of `key` (replaced in one step: a reader sees old or new). */
export function pointNameAt(home: string, namedKey: string, key: string): void {
  const path = aliasPath(home, namedKey);
  if (aliasOf(home, namedKey) === key) return;
  const aside = `${path}.${process.pid}-${Date.now()}`;
  symlinkSync(key, aside);
  try {
    renameSync(aside, path);
  } catch (error) {
    rmSync(aside, { force: true });
    throw error;
  }
}

export function daemonPathsOfKey(home: string, key: string, serial: string): DaemonPaths {
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
