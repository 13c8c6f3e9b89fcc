// GET /screenshots/<name>: the bytes of a screenshot the server wrote, so an HTTP client that asked for one
// (POST /screenshot, or a take_screenshot step of POST /execute) can fetch the image itself, with the same token as
// every route. Each such step's data names it as `url` (a path on this server). Only files of the screenshots
// folder are served: images (.png, .jpg, .jpeg), plain files, no link followed, nothing outside the folder.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { sendError } from '../../adapters/http/responses.ts';
import type { RunResult } from '../../contracts/types.ts';
import type { RouteModule } from '../runtime.ts';

export const SCREENSHOTS_ROUTE = '/screenshots';
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** Every screenshot step of `result` whose file is in `dir` gets `url`, the path to GET it from this server. */
export function withScreenshotUrls(result: RunResult, dir: string | undefined): RunResult {
  if (dir === undefined || !result.ok || result.envelope.stepResults === undefined) return result;
  const stepResults = result.envelope.stepResults.map((step) => {
    const path = step.actionType === 'take_screenshot' && step.success ? step.data.path : undefined;
    const rel = path === undefined ? undefined : inside(dir, path);
    if (rel === undefined) return step;
    const url = `${SCREENSHOTS_ROUTE}/${rel.split(sep).map(encodeURIComponent).join('/')}`;
    return { ...step, data: { ...step.data, url } };
  });
  return { ...result, envelope: { ...result.envelope, stepResults } };
}

function inside(dir: string, path: string): string | undefined {
  const rel = relative(dir, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? undefined : rel;
}

export const mountScreenshotFiles: RouteModule = (app, runtime) => {
  app.get(`${SCREENSHOTS_ROUTE}/*`, async (c) => {
    const dir = runtime.screenshotsDir;
    const missing = () => sendError(c, { code: 'NOT_FOUND', message: 'No such screenshot in the screenshots folder.' });
    if (dir === undefined) return missing();
    let name: string;
    try {
      name = decodeURIComponent(c.req.path.slice(SCREENSHOTS_ROUTE.length + 1));
    } catch {
      return missing();
    }
    const type = TYPES[/\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''];
    const root = await realpath(dir).catch(() => undefined);
    if (type === undefined || root === undefined || name.includes('\0')) return missing();
    const wanted = resolve(root, name);
    const folder = await realpath(dirname(wanted)).catch(() => undefined);
    if (folder === undefined || (folder !== root && inside(root, folder) === undefined)) return missing();
    const handle = await open(resolve(folder, wanted.slice(dirname(wanted).length + 1)), READ).catch(() => undefined);
    if (handle === undefined) return missing();
    try {
      if (!(await handle.stat()).isFile()) return missing();
      const bytes = new Uint8Array(await handle.readFile());
      return c.body(bytes, 200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    } finally {
      await handle.close();
    }
  });
};

const READ = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
