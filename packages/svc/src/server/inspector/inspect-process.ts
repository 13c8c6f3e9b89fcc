// `svc inspect`: the inspector of the local svc server on a port. When an svc server already answers there (a
// running `svc serve` or another `svc inspect`), it is reused; otherwise this process becomes that server (as
// `svc serve` on 127.0.0.1, until Ctrl-C).
import type { SvcContext } from '../../core/context.ts';
import { startServe } from '../serve-process.ts';
import { browserUrl, inspectorPath } from './browser-url.ts';

/** How long the probe of an existing server may take: a local server answers in milliseconds. */
const PROBE_MS = 1500;

/** True when an svc server answers on this address (every svc response carries X-Svc-Version). */
export async function isSvcServer(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/inspector`, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_MS) });
    await response.body?.cancel();
    return response.headers.get('x-svc-version') !== null;
  } catch {
    return false;
  }
}

export async function serveInspector(
  makeContext: () => SvcContext,
  options: { port: number; deviceId?: string | undefined; driver?: string | undefined },
): Promise<{ url: string; reused: boolean }> {
  const path = inspectorPath(options.deviceId, options.driver);
  const existing = { url: `http://127.0.0.1:${options.port}` };
  if (options.port !== 0 && (await isSvcServer(existing.url))) return { url: browserUrl(existing, path), reused: true };
  const running = await startServe(makeContext(), { host: '127.0.0.1', port: options.port, allowOrigins: [] });
  return { url: browserUrl(running, path), reused: false };
}
