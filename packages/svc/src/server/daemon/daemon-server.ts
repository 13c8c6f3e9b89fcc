// `svc daemon run`: the foreground daemon of one key. It serves the same app as `serve` on a Unix socket, plus
// GET /ping, GET /version and the proxy's POST /proxy/execute (POST /execute behind an identity check). Only this
// light half loads before the socket listens (so /ping answers early); the app and the adb stack load right after
// (daemon-app.ts) and requests wait for them. It writes its metadata after
// listening, and leaves when signalled, when its socket file is removed or replaced (someone else owns the key
// now, or ~/.svc was deleted), when the adb server has not listed its device for a while (device-watch.ts), or
// after 30 minutes without a request.
import { chmodSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Env, homeOf } from '../../contracts/env.ts';
import { SvcError } from '../../contracts/errors.ts';
import { DAEMON_DEVICE_GONE_EXIT_MS, DAEMON_IDLE_EXIT_MS, DAEMON_WATCH_INTERVAL_MS } from '../../core/config.ts';
import { currentIdentity, identityMismatch } from '../../daemons/identity.ts';
import { readMetadata } from '../../daemons/metadata.ts';
import { daemonPaths, ensurePrivateDir } from '../../daemons/paths.ts';
import {
  decodeIdentity,
  IDENTITY_CHECKED_HEADER,
  IDENTITY_HEADER,
  IDENTITY_MISMATCH_STATUS,
  PROXY_EXECUTE_PATH,
} from '../../daemons/protocol.ts';
import { removeStaleSocket, writeMetadataFile } from '../../daemons/socket-files.ts';
import type { DaemonApp } from './daemon-app.ts';
import { logLine, rotateIfLarge } from './daemon-log.ts';
import { watchDevice } from './device-watch.ts';

export interface DaemonRunOptions {
  /** The device this daemon serves (its key). */
  serial: string;
  verbose: boolean;
  env: Env;
}

export async function runDaemon(options: DaemonRunOptions): Promise<void> {
  const startedAt = Date.now();
  const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${logLine(line)}\n`);
  const home = homeOf(options.env, (await import('node:os')).homedir);
  const paths = daemonPaths(home, options.serial);
  ensurePrivateDir(paths.dir);
  if (!(await removeStaleSocket(paths.socket))) {
    throw new SvcError('DAEMON_START_FAILED', `A daemon already answers on ${paths.socket}.`, {
      socketPath: paths.socket,
      reason: 'already_running',
    });
  }

  // Every request names its device, package and driver in the body (the client resolved them from its own
  // environment); the daemon must not apply the environment it was started with.
  const env: Env = {
    ...options.env,
    ANDROID_SERIAL: undefined,
    SVC_OPERATOR_PACKAGE: undefined,
    SVC_RECEIVER_PACKAGE: undefined,
    SVC_DRIVER: undefined,
  };
  const identity = currentIdentity(process.env);
  let app: DaemonApp | undefined;
  let loading: Promise<DaemonApp> | undefined;
  const loadApp = () => {
    loading ??= import('./daemon-app.ts').then(({ createDaemonApp }) => {
      app = createDaemonApp(env, options.verbose, log);
      return app;
    });
    return loading;
  };
  const json = (res: ServerResponse, body: unknown, status = 200) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  let lastRequestAt = Date.now();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    lastRequestAt = Date.now();
    if (req.method === 'GET' && req.url === '/ping') return json(res, { ok: true, pid: process.pid });
    if (req.method === 'GET' && req.url === '/version') return json(res, { ...identity, pid: process.pid });
    if (req.method === 'POST' && req.url === PROXY_EXECUTE_PATH) {
      // The caller's build and environment must be this daemon's before anything runs (its /version check, in the
      // same request): a difference is refused, and the caller restarts the daemon.
      const mismatch = identityMismatch(identity, decodeIdentity(req.headers[IDENTITY_HEADER]));
      if (mismatch !== undefined) return json(res, { identityMismatch: mismatch }, IDENTITY_MISMATCH_STATUS);
      res.setHeader(IDENTITY_CHECKED_HEADER, '1');
      req.url = '/execute';
    }
    if (app !== undefined) return app.listener(req, res);
    loadApp().then(
      (loaded) => loaded.listener(req, res),
      (error: Error) => {
        log(`daemon app failed to load: ${error.stack ?? error.message}`);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ ok: false, error: { code: 'INTERNAL_SERVER_ERROR', message: 'Daemon failed to load.' } }),
        );
      },
    );
  });

  const previousUmask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(paths.socket, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    throw new SvcError('DAEMON_START_FAILED', `Cannot listen on ${paths.socket}: ${(error as Error).message}`, {
      socketPath: paths.socket,
    });
  } finally {
    process.umask(previousUmask);
  }
  chmodSync(paths.socket, 0o600);
  const socketIno = statSync(paths.socket).ino;
  writeMetadataFile(paths.pid, {
    pid: process.pid,
    startedAt,
    daemonKey: paths.key,
    cliEntryPath: identity.buildIdentity.entryPath,
    rawDeviceId: paths.serial,
  });
  log(`daemon ${paths.key} listening on ${paths.socket} (pid ${process.pid}, svc ${identity.version})`);
  // The socket answers /ping already; the app (adb stack, routes) loads now, and requests wait for it.
  void loadApp().catch(() => {});

  let stopping = false;
  const shutdown = async (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    clearInterval(watch);
    device.stop();
    log(`daemon ${paths.key} stopping: ${why}`);
    // Leave the key free at once (a restart may bind it while in-flight executions finish here).
    if (ownsSocket(paths.socket, socketIno)) rmSync(paths.socket, { force: true });
    if (readMetadata(paths.pid)?.pid === process.pid) rmSync(paths.pid, { force: true });
    const loaded = await loading?.catch(() => undefined);
    if (loaded === undefined) server.close();
    else await loaded.close(server).catch(() => {});
    log(`daemon ${paths.key} stopped`);
    process.exit(code);
  };
  const device = watchDevice(options.env, paths.serial);
  const watch = setInterval(() => {
    if (rotateIfLarge(paths.log)) log(`log rotated (previous lines in ${paths.log}.1)`);
    const goneMs = device.goneForMs();
    if (!ownsSocket(paths.socket, socketIno)) void shutdown('socket file removed or replaced', 0);
    else if (goneMs >= DAEMON_DEVICE_GONE_EXIT_MS && (app?.serverApp.inFlight.count ?? 0) === 0) {
      void shutdown(`device ${paths.serial} not listed by the adb server for ${Math.round(goneMs / 1000)} s`, 0);
    } else if (Date.now() - lastRequestAt > DAEMON_IDLE_EXIT_MS && (app?.serverApp.inFlight.count ?? 0) === 0) {
      void shutdown(`idle for ${DAEMON_IDLE_EXIT_MS / 60_000} min`, 0);
    }
  }, DAEMON_WATCH_INTERVAL_MS);
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
}

function ownsSocket(path: string, ino: number): boolean {
  try {
    return statSync(path).ino === ino;
  } catch {
    return false;
  }
}
