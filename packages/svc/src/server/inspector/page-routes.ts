// GET /inspector and its assets: the page scripts/build-inspector.ts bundled into dist/inspector/ at build time,
// served from this process only (no CDN, works offline), under a Content-Security-Policy that lets the page load
// nothing and talk to nobody but this server.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { sendError } from '../../adapters/http/responses.ts';
import { PACKAGE_ROOT } from '../../core/package-root.ts';
import type { RouteModule } from '../runtime.ts';

export const PAGE_DIR = join(PACKAGE_ROOT, 'dist', 'inspector');

const ASSETS: Record<string, string> = {
  'inspector.js': 'text/javascript; charset=utf-8',
  'inspector.css': 'text/css; charset=utf-8',
  'icon.svg': 'image/svg+xml',
};

const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
};

async function serveFile(c: Context, name: string, type: string): Promise<Response> {
  let body: Buffer;
  try {
    body = await readFile(join(PAGE_DIR, name));
  } catch {
    return sendError(c, {
      code: 'SERVICE_UNAVAILABLE',
      message: `The inspector page is not built (${join(PAGE_DIR, name)} is missing).`,
      details: { hint: 'In a clone of svc, run `npm run build`; an installed svc ships the page.' },
    });
  }
  return c.body(new Uint8Array(body), 200, { 'Content-Type': type, ...PAGE_HEADERS });
}

export const mountInspectorPage: RouteModule = (app) => {
  app.get('/inspector', (c) => serveFile(c, 'index.html', 'text/html; charset=utf-8'));
  app.get('/inspector/', (c) => c.redirect('/inspector', 308));
  app.get('/inspector/assets/:name', (c) => {
    const name = c.req.param('name');
    const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (type === undefined) return sendError(c, { code: 'NOT_FOUND', message: `No inspector asset ${name}.` });
    return serveFile(c, name, type);
  });
};
