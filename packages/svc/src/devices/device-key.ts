// One name per phone for the things that must never be doubled on it: the execution lock and the daemon. A caller
// names a device by its serial (one adb server) or `<host>:<port>/<serial>` (several), and may spell the same adb
// server two ways (`tcp:127.0.0.1:P`, `tcp:localhost:P`, `[::1]:P`); all of these are one device on one server.
// The key is `<canonical host>:<port>/<serial>`: every loopback spelling is 127.0.0.1 (an adb server listens on the
// loopback interface; a second server on another 127/8 address of the same port would be a contrived setup, and
// merging two keys only serializes, never doubles), other host names lower-cased. What the key cannot see: one
// phone on two transports (USB and `adb connect` over Wi-Fi) or attached to two adb servers has two serials there.
// So this is the key of a name; the lock and the daemon are keyed by what the phone says it is
// (device-identity.ts), and this key stands in only for a device that cannot tell its boot id.

import { adbServerAddress } from '../adapters/adb/server-address.ts';
import { configuredServers, splitDeviceId } from '../contracts/adb-servers.ts';
import type { Env } from '../contracts/env.ts';

export interface DeviceKey {
  /** `<canonical host>:<port>` of the adb server the device is on. */
  server: string;
  /** The serial as that adb server lists it. */
  serial: string;
  /** `<server>/<serial>`: the name of the lock and the daemon. */
  id: string;
}

/**
 * The key of a device id as `env` names devices, or undefined for a plain serial while several adb servers are
 * configured (which server has it takes a question to them: resolve the device first).
 */
export function deviceKeyOf(env: Env, deviceId: string): DeviceKey | undefined {
  const parts = splitDeviceId(deviceId);
  const servers = configuredServers(env);
  if (parts === undefined && (servers?.length ?? 0) > 1) return undefined;
  let server: string;
  let serial: string;
  if (parts !== undefined && (servers?.length ?? 0) > 1) {
    server = canonicalLabel(parts.server);
    serial = parts.serial;
  } else {
    const address = servers?.[0] ?? adbServerAddress(env);
    server = `${canonicalHost(address.host)}:${address.port}`;
    serial = deviceId;
  }
  return { server, serial, id: `${server}/${serial}` };
}

/** The key's id, or the device id itself when it has no key yet (see deviceKeyOf). */
export function deviceKeyIdOf(env: Env, deviceId: string): string {
  return deviceKeyOf(env, deviceId)?.id ?? deviceId;
}

/** `host:port` or `[v6]:port` → the canonical `host:port`. */
function canonicalLabel(label: string): string {
  const cut = label.lastIndexOf(':');
  return `${canonicalHost(label.slice(0, cut))}:${label.slice(cut + 1)}`;
}

export function canonicalHost(rawHost: string): string {
  const host = rawHost
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
  if (host === 'localhost' || host === '::1' || host === '0:0:0:0:0:0:0:1') return LOOPBACK;
  if (/^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return LOOPBACK;
  return host.includes(':') ? `[${host}]` : host;
}

const LOOPBACK = '127.0.0.1';
