// The adb server(s) a device was looked for on, as a DEVICE_NOT_FOUND names them: a device missing from the one
// server asked (an MCP client that dropped the environment asks 127.0.0.1:5037, not the server the user runs) is
// told apart from a device that is off.
import { adbServerAddress } from '../adapters/adb/server-address.ts';
import { configuredServers, serverLabel } from '../contracts/adb-servers.ts';
import type { Env } from '../contracts/env.ts';

export function askedServers(env: Env): string[] {
  try {
    return (configuredServers(env) ?? [adbServerAddress(env)]).map(serverLabel);
  } catch {
    return []; // a bad address is its own error, told where it is read
  }
}

/** ` (asked the adb server at 127.0.0.1:5037)`, or nothing when none is known. */
export function askedClause(servers: readonly string[]): string {
  if (servers.length === 0) return '';
  return servers.length === 1
    ? ` (asked the adb server at ${servers[0]})`
    : ` (asked the adb servers at ${servers.join(', ')})`;
}
