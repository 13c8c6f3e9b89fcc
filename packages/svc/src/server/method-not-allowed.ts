// A known path asked with a method it does not take (GET /execute) is 405 with `Allow` naming the methods it takes
// (RFC 9110 §15.5.6), not 404: the path is right and the method is what to change. Read off the app's own routes,
// so a new route needs nothing here.
import type { Hono } from 'hono';

/** The methods the routes of `app` take on `path` (HEAD with GET), sorted; empty when no route has the path. */
export function allowedMethods(app: Hono, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !patternOf(route.path).test(path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  return [...methods].sort();
}

const patterns = new Map<string, RegExp>();

/** `/skills/:skillId/run` → a RegExp of the paths it matches (`*` matches the rest). */
function patternOf(path: string): RegExp {
  let pattern = patterns.get(path);
  if (pattern === undefined) {
    const body = path
      .split('/')
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    pattern = new RegExp(`^${body}/?$`);
    patterns.set(path, pattern);
  }
  return pattern;
}
