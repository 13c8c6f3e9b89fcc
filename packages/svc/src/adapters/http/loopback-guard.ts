// A local server that drives a phone must not be reachable from web pages (issue 6). Two checks run before any
// route: an `Origin` header (browsers send it on cross-site fetches) is refused unless allow-listed, and when the
// server is bound to loopback a non-loopback `Host` is refused, which defeats DNS rebinding. The one Origin always
// allowed is the server's own on a loopback Host: browsers send Origin on every POST, also from the page this server
// serves itself (the inspector), and no other site can make a browser send that Origin.
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { SvcError } from '../../contracts/errors.ts';
import { sendError } from './responses.ts';

export interface SecurityOptions {
  /** Exact origins (scheme://host[:port]) allowed to call the server, e.g. `http://localhost:5173`. */
  allowOrigins: readonly string[];
  /** Refuse requests whose Host header is not a loopback name (set when listening on a loopback address). */
  loopbackHostOnly: boolean;
}

/** True for `localhost` (and `*.localhost`), 127.0.0.0/8 and ::1, with or without brackets. */
export function isLoopbackName(name: string): boolean {
  const host = name.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1' || host === '::ffff:127.0.0.1';
  return false;
}

/** The host part of a Host header value (`name`, `name:port`, `[v6]`, `[v6]:port`). */
export function hostNameOf(hostHeader: string): string {
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(hostHeader);
  if (bracketed) return bracketed[1] ?? '';
  const colon = hostHeader.lastIndexOf(':');
  return colon === -1 ? hostHeader : hostHeader.slice(0, colon);
}

/** `http://<Host>` when Host is a loopback name: a page of this very server (plain HTTP, as svc listens). */
function isOwnLoopbackOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && origin === `http://${host}` && isLoopbackName(hostNameOf(host));
}

export function securityChecks(options: SecurityOptions): MiddlewareHandler {
  const allowed = new Set(options.allowOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin) && !isOwnLoopbackOrigin(origin, c.req.header('host'))) {
      return sendError(
        c,
        new SvcError('ORIGIN_FORBIDDEN', `Requests with Origin ${JSON.stringify(origin)} are not allowed.`, {
          origin,
        }).toBody(),
      );
    }
    if (options.loopbackHostOnly) {
      const host = c.req.header('host') ?? '';
      if (!isLoopbackName(hostNameOf(host))) {
        return sendError(
          c,
          new SvcError('HOST_FORBIDDEN', `Host ${JSON.stringify(host)} is not a loopback name.`, { host }).toBody(),
        );
      }
    }
    await next();
  };
}
