// `svc serve` as a long-running process: listen, print human-readable lines on stderr (the address, and a one-time
// login link for a browser), and shut down gracefully on SIGINT/SIGTERM (a second signal exits at once with 130).
// Every request needs the server token (~/.svc/server-token) or a login session, unless `--no-auth` says otherwise.

import { resolve } from 'node:path';
import { createServerAuth, type ServerAuth } from '../adapters/http/auth.ts';
import { isLoopbackName } from '../adapters/http/loopback-guard.ts';
import { loadOrCreateServerToken, serverTokenPath } from '../adapters/http/server-token.ts';
import { SvcError } from '../contracts/errors.ts';
import type { SvcContext } from '../core/context.ts';
import { ensureScreenshotsDir, screenshotsDirOf } from '../executions/screenshot-paths.ts';
import { APKS_DIR_VAR, apksDirOf, checkApksDir } from '../toolbox/apk-source.ts';
import { createServerApp } from './app.ts';
import { browserUrl, inspectorPath } from './inspector/browser-url.ts';
import { listenTcp, type RunningServer } from './listen.ts';

export interface ServeOptions {
  host: string;
  port: number;
  allowOrigins: readonly string[];
  /** False after `--no-auth`: any local process may drive the device (a warning says so). */
  auth: boolean;
  /** `--verbose`: the event stream shows typed text too. */
  verbose?: boolean;
  /** `--screenshots-dir`: the only folder request paths may name (default SVC_SCREENSHOTS_DIR, ~/.svc/screenshots). */
  screenshotsDir?: string | undefined;
  /** `--apks-dir`: the only folder `install` requests may read an APK from (default SVC_APKS_DIR; none: refused). */
  apksDir?: string | undefined;
  /** Where the lines for the user go (stderr by default). */
  write?: (line: string) => void;
}

/** A running `svc serve`, plus a fresh one-time browser login link (undefined with `--no-auth`: none is needed). */
export interface ServingServer extends RunningServer {
  loginUrl(next?: string): string | undefined;
}

/**
 * The screenshots folder, checked before the server listens: a folder others may write to (where they could plant a
 * link) or another user's is refused at start, not at the first screenshot request.
 */
function checkedScreenshotsDir(ctx: SvcContext, given: string | undefined): string {
  const dir = given ?? screenshotsDirOf(ctx.env, ctx.home);
  try {
    ensureScreenshotsDir(dir);
  } catch (error) {
    if (!(error instanceof SvcError)) throw error;
    const field =
      given !== undefined ? '--screenshots-dir' : ctx.env.SVC_SCREENSHOTS_DIR ? 'SVC_SCREENSHOTS_DIR' : 'HOME';
    throw new SvcError(
      error.code,
      error.message,
      { ...error.details, path: field },
      `Run \`chmod 700 ${dir}\` if it is yours, or name another folder with --screenshots-dir.`,
    );
  }
  return dir;
}

/** The APK folder of `install` requests, checked at start like the screenshots folder; null when none is named. */
function checkedApksDir(ctx: SvcContext, given: string | undefined): string | null {
  if (given !== undefined) return checkApksDir(resolve(ctx.cwd, given), '--apks-dir');
  const dir = apksDirOf(ctx.env);
  return dir === null ? null : checkApksDir(dir, APKS_DIR_VAR);
}

export async function startServe(ctx: SvcContext, options: ServeOptions): Promise<ServingServer> {
  const write = options.write ?? ((line: string) => process.stderr.write(`${line}\n`));
  const screenshotsDir = checkedScreenshotsDir(ctx, options.screenshotsDir);
  const apksDir = checkedApksDir(ctx, options.apksDir);
  const loopback = isLoopbackName(options.host);
  const auth: ServerAuth | undefined = options.auth ? createServerAuth(loadOrCreateServerToken(ctx.home)) : undefined;
  if (auth === undefined) {
    write(
      'svc serve: WARNING: --no-auth: every local user and process that can reach this port can drive the device ' +
        'and read what it shows.',
    );
  }
  if (!loopback) {
    write(
      `svc serve: WARNING: binding ${options.host} exposes device control to every client that can reach it` +
        (auth === undefined ? ' with no authentication.' : '; only the token stands in the way.') +
        ' Use only on a trusted network or behind an authenticated gateway.',
    );
  }
  const serverApp = createServerApp(ctx, {
    callerTerms: 'http',
    auth: auth ?? 'none',
    allowOrigins: options.allowOrigins,
    loopbackHostOnly: loopback,
    verboseEvents: options.verbose ?? false,
    screenshotsDir,
    apksDir,
  });
  let running: RunningServer;
  try {
    running = await listenTcp(serverApp, options);
  } catch (error) {
    throw new SvcError(
      'LISTEN_FAILED',
      `Cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`,
      {
        host: options.host,
        port: options.port,
      },
    );
  }
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    stopping = true;
    const waiting = serverApp.inFlight.count;
    write(`svc serve: ${signal} received; finishing ${waiting} in-flight execution(s), then exiting`);
    running.close().then(
      () => {
        write('svc serve: stopped');
        process.exit(0);
      },
      (error: unknown) => {
        write(`svc serve: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const serving: ServingServer = { ...running, loginUrl: (next) => auth?.loginUrl(running.url, next) };
  // Announced only once the signal handlers are in place: whoever reads this line may signal at once.
  write(`svc serve: listening on ${running.url} (Ctrl-C to stop)`);
  if (auth !== undefined) {
    write(`svc serve: API clients send Authorization: Bearer <token>, the token is in ${serverTokenPath(ctx.home)}`);
    write(`svc serve: browser login (one-time link, valid 5 minutes): ${serving.loginUrl()}`);
  }
  write(`svc serve: web inspector at ${browserUrl(serving, inspectorPath())}`);
  return serving;
}
