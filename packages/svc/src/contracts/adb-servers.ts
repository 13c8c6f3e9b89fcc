// Several adb servers, one per host with phones: SVC_ADB_SERVERS=tcp:h1:5037,tcp:h2:5037 (the CLI's repeatable
// --adb-server sets it). With two or more, every device id names its server: `<host>:<port>/<serial>` (a serial is
// only unique on its own server: two hosts may both have an emulator-5554). With one, ids stay plain serials.
// Configured servers are never started by svc: a host's adb server is its owner's to run.
import type { Env } from './env.ts';
import { SvcError } from './errors.ts';

/** Where an adb server listens (the adapter's AdbServerAddress has the same shape). */
export interface AdbServerAddress {
  host: string;
  port: number;
  /** True when a server there may be started by svc: never for a configured one. */
  local: boolean;
}

export const ADB_SERVERS_VAR = 'SVC_ADB_SERVERS';

/** `tcp:<host>:<port>` (host may be `[v6]`) → address; undefined when it is not that shape. */
export function parseServerSpec(spec: string): AdbServerAddress | undefined {
  const m = /^tcp:(\[[^\]]+\]|[^:/\s]+):(\d{1,5})$/.exec(spec.trim());
  if (!m) return undefined;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return undefined;
  return { host: (m[1] as string).replace(/^\[(.*)\]$/, '$1'), port, local: false };
}

/** The servers of SVC_ADB_SERVERS, in order, without repeats; undefined when the variable is unset or blank. */
export function configuredServers(env: Env): AdbServerAddress[] | undefined {
  const raw = env[ADB_SERVERS_VAR]?.trim();
  if (!raw) return undefined;
  const servers: AdbServerAddress[] = [];
  for (const spec of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const address = parseServerSpec(spec);
    if (address === undefined) {
      throw new SvcError(
        'EXECUTION_VALIDATION_FAILED',
        `${ADB_SERVERS_VAR} entries must look like tcp:<host>:<port>, got ${spec}.`,
        {
          path: ADB_SERVERS_VAR,
          value: spec,
        },
      );
    }
    if (!servers.some((s) => serverLabel(s) === serverLabel(address))) servers.push(address);
  }
  return servers.length > 0 ? servers : undefined;
}

/** `host:port` (`[v6]:port`): the first part of a device id when there are several servers. */
export function serverLabel(address: Pick<AdbServerAddress, 'host' | 'port'>): string {
  return `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
}

/** Several servers configured: device ids carry their server. */
export function isMultiServer(env: Env): boolean {
  return (configuredServers(env)?.length ?? 0) > 1;
}

/** `<host>:<port>/<serial>` → its parts; undefined for a plain serial. */
export function splitDeviceId(id: string): { server: string; serial: string } | undefined {
  const m = /^(\[[^\]]+\]:\d{1,5}|[^:/\s]+:\d{1,5})\/(.+)$/.exec(id);
  return m ? { server: m[1] as string, serial: m[2] as string } : undefined;
}

export function qualifiedId(server: string, serial: string): string {
  return `${server}/${serial}`;
}

/** An adb server that did not answer a listing over several servers: its devices are missing from the list. */
export interface SilentServer {
  /** `host:port`. */
  adbServer: string;
  /** What to do about it. */
  hint: string;
  /** How the call failed (refused, reset, a protocol error). */
  cause: string;
}
