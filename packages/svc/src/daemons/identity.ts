// What the proxy compares with the running daemon before every dispatch (SPEC part 9): the CLI version, the build
// identity of the CLI entry (path, mtime, size: an upgrade or an edit changes it), and the few environment values
// that change what the daemon does on the CLI's behalf (which adb server, which adb binary, where temp files go).
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adbServerAddress } from '../adapters/adb/server-address.ts';
import { configuredServers } from '../contracts/adb-servers.ts';
import { CLI_ENTRY_PATH, PACKAGE_ROOT, RUNNING_FROM_BUNDLE } from '../core/package-root.ts';
import { svcVersion } from '../core/version.ts';
import { canonicalHost } from '../devices/device-key.ts';

export interface BuildIdentity {
  entryPath: string;
  mtimeMs: number;
  size: number;
}

export interface DaemonIdentity {
  version: string;
  buildIdentity: BuildIdentity;
  environment: Record<string, string>;
}

/** The CLI entry the daemon is spawned from (`daemon run` runs this same file). */
export { CLI_ENTRY_PATH };

export function buildIdentity(entryPath = CLI_ENTRY_PATH): BuildIdentity {
  const stat = statSync(entryPath);
  const entry = { entryPath, mtimeMs: stat.mtimeMs, size: stat.size };
  if (RUNNING_FROM_BUNDLE || entryPath !== CLI_ENTRY_PATH) return entry;
  return sourceTreeIdentity(entry) ?? entry;
}

/**
 * Run from the sources (a clone whose bundle is stale), the entry alone would not change when another source file
 * is edited, and a daemon would go on serving the old code. The identity is then the newest mtime and the total
 * size of every source the last build read (dist/build.json lists them: the bin already stats them all on this
 * path), so an edit of any of them restarts the daemon.
 */
function sourceTreeIdentity(entry: BuildIdentity): BuildIdentity | undefined {
  let sources: unknown;
  try {
    sources = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'dist', 'build.json'), 'utf8')).sources;
  } catch {
    return undefined;
  }
  if (!Array.isArray(sources)) return undefined;
  let { mtimeMs, size } = entry;
  for (const row of sources) {
    const stat = Array.isArray(row)
      ? statSync(join(PACKAGE_ROOT, String(row[0])), { throwIfNoEntry: false })
      : undefined;
    if (stat === undefined) continue;
    mtimeMs = Math.max(mtimeMs, stat.mtimeMs);
    size += stat.size;
  }
  return { entryPath: entry.entryPath, mtimeMs, size };
}

const ENV_KEYS = ['SVC_ADB_PATH'] as const;

/**
 * The environment that shapes the daemon's work: its adb servers (each spelled one way, so `tcp:localhost:P` and
 * `tcp:127.0.0.1:P` share the daemon their one device key gives them), the adb binary, and `tmpDir`, where
 * screenshots without a path go.
 */
export function environmentIdentity(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = { adbServers: adbServersOf(env) };
  for (const key of ENV_KEYS) {
    const value = env[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  out.tmpDir = env === process.env ? tmpdir() : (env.TMPDIR ?? env.TMP ?? env.TEMP ?? tmpdir());
  return out;
}

function adbServersOf(env: Record<string, string | undefined>): string {
  try {
    const servers = configuredServers(env) ?? [adbServerAddress(env)];
    return servers.map((s) => `${canonicalHost(s.host)}:${s.port}`).join(',');
  } catch {
    // An address the adb client will refuse: keep what was written, so a fixed one is a different identity.
    return `${env.ADB_SERVER_SOCKET ?? ''}|${env.ANDROID_ADB_SERVER_PORT ?? ''}|${env.SVC_ADB_SERVERS ?? ''}`;
  }
}

export function currentIdentity(env: Record<string, string | undefined>): DaemonIdentity {
  return { version: svcVersion(), buildIdentity: buildIdentity(), environment: environmentIdentity(env) };
}

/** Undefined when `reported` is a valid /version answer equal to `expected`; else why not. */
export function identityMismatch(expected: DaemonIdentity, reported: unknown): string | undefined {
  if (typeof reported !== 'object' || reported === null) return 'invalid version data';
  const r = reported as Partial<DaemonIdentity>;
  if (typeof r.version !== 'string') return 'invalid version data';
  if (r.version !== expected.version) return `version ${r.version} ≠ ${expected.version}`;
  const b = r.buildIdentity;
  if (typeof b !== 'object' || b === null) return 'invalid build identity';
  const e = expected.buildIdentity;
  if (b.entryPath !== e.entryPath || b.mtimeMs !== e.mtimeMs || b.size !== e.size) return 'build identity changed';
  if (JSON.stringify(r.environment) !== JSON.stringify(expected.environment)) return 'environment changed';
  return undefined;
}
