// Daemon lifecycle of one key (SPEC 3.6, 4.7): start, stop, status. Every transition holds the key's lifecycle
// lock. The pid file is trusted only when its process is alive AND is a `daemon run` of this key (metadata.ts), so
// a reused pid is never signalled. Process operations are ports so a test can show what root cannot (EPERM).

import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DetachedProcess, nodeProcessRunner, type ProcessRunner } from '../adapters/process/process-runner.ts';
import { SvcError } from '../contracts/errors.ts';
import {
  DAEMON_PROBE_MS,
  DAEMON_READY_POLL_MS,
  DAEMON_READY_TIMEOUT_MS,
  DAEMON_SOURCES_READY_TIMEOUT_MS,
  DAEMON_STOP_WAIT_MS,
} from '../core/config.ts';
import { type BuildIdentity, CLI_ENTRY_PATH } from './identity.ts';
import { withLifecycleLock } from './lifecycle-lock.ts';
import { commandLineOf, type DaemonMetadata, isOwnedDaemonProcess, readMetadata } from './metadata.ts';
import type { DaemonPaths } from './paths.ts';
import { isLiveProcess } from './process-state.ts';
import { DaemonClient } from './socket-client.ts';
import { removeStaleSocket } from './socket-files.ts';

export interface DaemonStatus {
  /** `stopping`: told to stop, still finishing an execution; it exits when that ends (its files are gone already). */
  status: 'started' | 'already_running' | 'running' | 'not_running' | 'stopped' | 'stopping';
  socketPath: string;
  pid?: number;
  version?: string;
  buildIdentity?: BuildIdentity;
  uptimeSeconds?: number;
  /** What a user should know about this status (why a daemon told to stop is still there). */
  note?: string;
}

export interface LifecyclePorts {
  kill(pid: number, signal: NodeJS.Signals | 0): void;
  isAlive(pid: number): boolean;
  argvOf(pid: number): string[] | undefined;
}

export const nodeLifecyclePorts: LifecyclePorts = {
  kill: (pid, signal) => process.kill(pid, signal),
  isAlive: isLiveProcess,
  argvOf: commandLineOf,
};

export interface StartOptions {
  env: Record<string, string | undefined>;
  processes?: ProcessRunner;
}

/** `{ status: running, pid, version, buildIdentity, uptimeSeconds }` when the daemon answers, else undefined. */
export async function liveStatus(paths: DaemonPaths): Promise<DaemonStatus | undefined> {
  const client = new DaemonClient(paths.socket);
  try {
    const ping = await client.get('/ping', DAEMON_PROBE_MS);
    if ((ping.json as { ok?: unknown }).ok !== true) return undefined;
    const version = (await client.get('/version', DAEMON_PROBE_MS)).json as {
      version?: string;
      buildIdentity?: BuildIdentity;
    };
    const pid = (ping.json as { pid?: number }).pid;
    const meta = readMetadata(paths.pid);
    const startedAt = meta !== undefined && meta.pid === pid ? meta.startedAt : undefined;
    return {
      status: 'running',
      socketPath: paths.socket,
      ...(pid === undefined ? {} : { pid }),
      ...(version.version === undefined ? {} : { version: version.version }),
      ...(version.buildIdentity === undefined ? {} : { buildIdentity: version.buildIdentity }),
      ...(startedAt === undefined ? {} : { uptimeSeconds: Math.max(0, Math.floor((Date.now() - startedAt) / 1000)) }),
    };
  } catch {
    return undefined;
  } finally {
    client.close();
  }
}

export async function daemonStatus(paths: DaemonPaths): Promise<DaemonStatus> {
  return (await liveStatus(paths)) ?? { status: 'not_running', socketPath: paths.socket };
}

export async function startDaemon(paths: DaemonPaths, options: StartOptions): Promise<DaemonStatus> {
  return withLifecycleLock(paths, () => startLocked(paths, options));
}

export async function stopDaemon(paths: DaemonPaths, ports = nodeLifecyclePorts): Promise<DaemonStatus> {
  return withLifecycleLock(paths, () => stopLocked(paths, ports));
}

/** Stop then start under one lock hold (SPEC 3.6: `started` or `already_running`). */
export async function restartDaemon(paths: DaemonPaths, options: StartOptions, ports = nodeLifecyclePorts) {
  return withLifecycleLock(paths, async () => {
    await stopLocked(paths, ports);
    return await startLocked(paths, options);
  });
}

/** How long a daemon spawned from `entry` may take to answer: longer when it runs from the TypeScript sources. */
export const daemonReadyTimeoutMs = (entry = CLI_ENTRY_PATH) =>
  entry.endsWith('.ts') ? DAEMON_SOURCES_READY_TIMEOUT_MS : DAEMON_READY_TIMEOUT_MS;

export async function startLocked(paths: DaemonPaths, options: StartOptions): Promise<DaemonStatus> {
  const live = await liveStatus(paths);
  if (live !== undefined) return { ...live, status: 'already_running' };
  await stopLocked(paths, nodeLifecyclePorts); // a hung or half-dead daemon of this key, and stale files
  await removeStaleSocket(paths.socket);
  const child = spawnDaemon(paths, options);
  const readyMs = daemonReadyTimeoutMs();
  const failure = (reason: string, extra: Record<string, unknown> = {}) =>
    new SvcError('DAEMON_START_FAILED', `The daemon did not start: ${reason}.`, {
      socketPath: paths.socket,
      timeoutMs: readyMs,
      logPath: paths.log,
      ...extra,
      ...(logTail(paths.log) ? { logTail: logTail(paths.log) } : {}),
    });
  const deadline = Date.now() + readyMs;
  for (;;) {
    if (child.error !== undefined) throw failure(`spawn failed (${child.error})`);
    if (child.exitCode !== undefined)
      throw failure(`it exited with code ${child.exitCode}`, { exitCode: child.exitCode });
    const live = await liveStatus(paths);
    if (live !== undefined) return { ...live, status: 'started' };
    if (Date.now() >= deadline) {
      if (child.pid !== undefined) nodeLifecyclePorts.kill(child.pid, 'SIGTERM');
      throw failure(`not ready within ${readyMs} ms`);
    }
    await sleep(DAEMON_READY_POLL_MS);
  }
}

export async function stopLocked(paths: DaemonPaths, ports: LifecyclePorts): Promise<DaemonStatus> {
  const target = await daemonProcess(paths, ports);
  if (target === undefined) {
    await removeStaleFiles(paths);
    return { status: 'not_running', socketPath: paths.socket };
  }
  const stopFailed = (what: string, error: unknown) =>
    new SvcError('DAEMON_STOP_FAILED', `Cannot ${what} the daemon (pid ${target.pid}): ${(error as Error).message}`, {
      socketPath: paths.socket,
      pid: target.pid,
      ...((error as NodeJS.ErrnoException).code ? { cause: (error as NodeJS.ErrnoException).code } : {}),
    });
  try {
    ports.kill(target.pid, 0); // permission first, so a refusal leaves everything unchanged
    ports.kill(target.pid, 'SIGTERM');
  } catch (error) {
    throw stopFailed('signal', error);
  }
  try {
    rmSync(paths.socket, { force: true });
    rmSync(paths.pid, { force: true });
  } catch (error) {
    throw stopFailed('clean up after', error);
  }
  // The daemon finishes in-flight executions before it exits; the key is free as soon as its files are gone.
  const deadline = Date.now() + DAEMON_STOP_WAIT_MS;
  while (ports.isAlive(target.pid) && Date.now() < deadline) await sleep(25);
  if (!ports.isAlive(target.pid)) return { status: 'stopped', socketPath: paths.socket, pid: target.pid };
  return {
    status: 'stopping',
    socketPath: paths.socket,
    pid: target.pid,
    note: `it is finishing an execution and exits when that ends; new calls start a new daemon (\`kill -9 ${target.pid}\` ends it now)`,
  };
}

/** The live, owned daemon process of this key: from the pid file, or from /ping when the pid file is gone. */
async function daemonProcess(paths: DaemonPaths, ports: LifecyclePorts): Promise<DaemonMetadata | undefined> {
  const owned = (meta: DaemonMetadata) =>
    meta.daemonKey === paths.key && ports.isAlive(meta.pid) && isOwnedDaemonProcess(meta, ports.argvOf);
  const meta = readMetadata(paths.pid);
  if (meta !== undefined && owned(meta)) return meta;
  const live = await liveStatus(paths);
  if (live?.pid === undefined) return undefined;
  const fromPing: DaemonMetadata = {
    pid: live.pid,
    startedAt: 0,
    daemonKey: paths.key,
    cliEntryPath: live.buildIdentity?.entryPath ?? CLI_ENTRY_PATH,
    rawDeviceId: paths.serial,
  };
  return owned(fromPing) ? fromPing : undefined;
}

/** Not running: a socket nobody listens on and a pid file naming no daemon of ours are leftovers. */
async function removeStaleFiles(paths: DaemonPaths): Promise<void> {
  rmSync(paths.pid, { force: true });
  await removeStaleSocket(paths.socket);
}

function spawnDaemon(paths: DaemonPaths, options: StartOptions): DetachedProcess {
  const args = [CLI_ENTRY_PATH, 'daemon', 'run', `--daemon-key=${paths.key}`, '--device', paths.serial];
  return (options.processes ?? nodeProcessRunner).spawnDetached(process.execPath, args, {
    logPath: paths.log,
    // The compile cache (as bin/svc.js enables it) roughly halves the daemon's start-up, well inside 3000 ms. It is
    // the private ~/.svc/compile-cache, never the <tmpdir> one every user shares (its files become code).
    env: {
      ...options.env,
      SVC_NO_DAEMON: undefined,
      NODE_COMPILE_CACHE: options.env.NODE_COMPILE_CACHE ?? join(dirname(paths.dir), 'compile-cache'),
    },
  });
}

function logTail(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trimEnd();
    return text === '' ? undefined : text.split('\n').slice(-5).join('\n');
  } catch {
    return undefined;
  }
}
