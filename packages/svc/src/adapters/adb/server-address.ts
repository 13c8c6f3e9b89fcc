// Where the adb server listens, read the way adb itself reads it: ADB_SERVER_SOCKET (`tcp:<host>:<port>` or
// `tcp:<port>`) wins, then ANDROID_ADB_SERVER_ADDRESS / ANDROID_ADB_SERVER_PORT, then 127.0.0.1:5037.

import type { AdbServerAddress } from '../../contracts/adb-servers.ts';
import { SvcError } from '../../contracts/errors.ts';

export type { AdbServerAddress } from '../../contracts/adb-servers.ts';

export const DEFAULT_ADB_PORT = 5037;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function adbServerAddress(env: Record<string, string | undefined>): AdbServerAddress {
  const socket = env.ADB_SERVER_SOCKET?.trim();
  if (socket) {
    const m = /^tcp:(?:(.+):)?(\d{1,5})$/.exec(socket);
    if (!m) {
      throw new SvcError('ADB_SERVER_FAILED', `ADB_SERVER_SOCKET must look like tcp:<host>:<port>, got ${socket}`, {
        ADB_SERVER_SOCKET: socket,
      });
    }
    return address(m[1] ?? '127.0.0.1', Number(m[2]));
  }
  const host = env.ANDROID_ADB_SERVER_ADDRESS?.trim() || '127.0.0.1';
  const portText = env.ANDROID_ADB_SERVER_PORT?.trim();
  const port = portText ? Number(portText) : DEFAULT_ADB_PORT;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new SvcError('ADB_SERVER_FAILED', `ANDROID_ADB_SERVER_PORT is not a port number: ${portText}`);
  }
  return address(host, port);
}

function address(rawHost: string, port: number): AdbServerAddress {
  const host = rawHost.replace(/^\[(.*)\]$/, '$1');
  return { host, port, local: LOOPBACK.has(rawHost) || LOOPBACK.has(host) };
}

/** What to do when an adb server svc was pointed at (not one it may start itself) does not answer. */
export const unreachableServerHint = (server: string) =>
  `Start the adb server at ${server} on its computer (svc starts a server only on this one), or fix the address given with --adb-server, SVC_ADB_SERVERS or ADB_SERVER_SOCKET.`;
