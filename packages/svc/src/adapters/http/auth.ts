// Who may use `svc serve` and `svc mcp --http`: a request carrying the server token (`Authorization: Bearer`), or
// a browser holding a session cookie it got from a one-time login link (GET /login?code=...&next=...). The
// Origin/Host guard (loopback-guard.ts) stops web pages; this stops every other local user and process. The
// daemon's private unix socket (0600 in a 0700 directory) needs neither.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SvcError } from '../../contracts/errors.ts';
import { loopbackPeerOwner } from '../process/loopback-peer.ts';
import { LoginCodes, mintLoginUrl, portOf } from './login-codes.ts';
import { sendError } from './responses.ts';

export const LOGIN_PATH = '/login';
/** Where a login without `next` lands. */
export const DEFAULT_AFTER_LOGIN = '/inspector';

const SESSION_TTL_MS = 12 * 60 * 60_000;
const MAX_SESSIONS = 100;

export interface ServerAuth {
  readonly token: string;
  /** A fresh one-time login URL for a server listening at `baseUrl` (each call mints a new code). */
  loginUrl(baseUrl: string, next?: string): string;
  readonly middleware: MiddlewareHandler;
}

/**
 * `tokenNeeded`: what a request without the token is told (a front end names its own token file and how its clients
 * take the header); the default speaks to `svc serve`'s callers.
 */
export function createServerAuth(
  token: string,
  now: () => number = Date.now,
  tokenNeeded: SvcError = TOKEN_NEEDED,
): ServerAuth {
  const codes = new LoginCodes(token, now);
  const sessions = new Map<string, number>();
  const tokenDigest = digest(token);
  const hasToken = (c: Context) => {
    const header = c.req.header('authorization') ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return m !== null && timingSafeEqual(digest(m[1] as string), tokenDigest);
  };
  // A session lives in this server's memory only (another server, or this one restarted, knows none of its cookies)
  // and serves only the user who signed in: a cookie replayed from another local account is no session.
  const hasSession = (c: Context) => {
    const id = getCookie(c, cookieName(c));
    const until = id === undefined ? undefined : sessions.get(id);
    if (until === undefined) return false;
    if (until <= now()) {
      sessions.delete(id as string);
      return false;
    }
    return !isOtherLocalUser(c);
  };
  const login = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    // Checked before the code is taken: another user's try does not use up the link of the user's own browser.
    if (isOtherLocalUser(c)) {
      return sendError(
        c,
        new SvcError(
          'AUTH_REQUIRED',
          'This login link signs in only the user running the server; it was used from another local account.',
        ).toBody(),
      );
    }
    if (!codes.take(c.req.query('code') ?? '', listeningPort(c))) {
      return sendError(
        c,
        new SvcError(
          'AUTH_REQUIRED',
          'This login link is invalid, expired or already used; open the newest one the server printed, or restart it.',
        ).toBody(),
      );
    }
    const id = randomBytes(32).toString('base64url');
    sessions.set(id, now() + SESSION_TTL_MS);
    while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
    setCookie(c, cookieName(c), id, { httpOnly: true, sameSite: 'Strict', path: '/' });
    return c.redirect(safeNext(c.req.query('next')), 303);
  };
  return {
    token,
    loginUrl: (baseUrl, next) => mintLoginUrl(baseUrl, token, next),
    middleware: async (c, next) => {
      if (c.req.path === LOGIN_PATH && c.req.method === 'GET') return login(c);
      if (hasToken(c) || hasSession(c)) return next();
      c.header('WWW-Authenticate', 'Bearer realm="svc"');
      return sendError(c, (isPageVisit(c) ? PAGE_SIGN_IN : tokenNeeded).toBody());
    },
  };
}

const TOKEN_NEEDED = new SvcError('AUTH_REQUIRED', 'This server needs its token: send Authorization: Bearer <token>.');
/** A browser opening the inspector without a session (a bookmark, a restarted browser) cannot send a token. */
const PAGE_SIGN_IN = new SvcError(
  'AUTH_REQUIRED',
  'This browser is not signed in to this svc server.',
  undefined,
  'Open the sign-in link the server printed at start, or run `svc inspect` (same --port) to print a new one.',
);

function isPageVisit(c: Context): boolean {
  return (
    c.req.method === 'GET' && (c.req.path === DEFAULT_AFTER_LOGIN || c.req.path.startsWith(`${DEFAULT_AFTER_LOGIN}/`))
  );
}

/**
 * The port this request came in on: the socket's own (node), not the Host header's, which the client writes. A
 * request without a socket (an app called in process) has only its URL to tell.
 */
function listeningPort(c: Context): number {
  const socketPort = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.localPort;
  return socketPort ?? portOf(c.req.url);
}

/**
 * True when the request comes over loopback from a socket of another local user (Linux: the kernel's socket table
 * names the owner of the client's end). A link that leaked (a command line, a shared terminal) is useless to them.
 * Unknown (another platform, a client on another host) is not "other": the code alone decides, as before.
 */
function isOtherLocalUser(c: Context): boolean {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  const uid = process.getuid?.();
  if (socket?.localPort === undefined || socket.remotePort === undefined || uid === undefined) return false;
  const owner = loopbackPeerOwner(socket.localPort, socket.remotePort);
  return owner !== undefined && owner.uid !== uid;
}

/** Cookies are not kept apart by port: the name carries it, so two servers on one host keep their own sessions. */
function cookieName(c: Context): string {
  const port = new URL(c.req.url).port || '80';
  return `svc_session_${port}`;
}

/** Only a same-origin path: `/x` but not `//host` or `/\host` (which browsers read as another origin). */
export function safeNext(next: string | undefined): string {
  if (next === undefined || next.length > 2048) return DEFAULT_AFTER_LOGIN;
  if (!/^\/(?![/\\])/.test(next) || /[\u0000-\u001f\u007f\\]/.test(next)) return DEFAULT_AFTER_LOGIN;
  return next;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
