// The address a browser opens for the inspector of a running server: the server's one-time sign-in link leading to
// the page when it signs browsers in (svc serve's token, adapters/http/auth.ts), else the page itself. `svc inspect`
// and the browser tests follow it (both ask this function).
export function inspectorPath(deviceId?: string, driver?: string): string {
  const query = new URLSearchParams();
  if (deviceId !== undefined) query.set('device', deviceId);
  if (driver !== undefined && driver !== 'auto') query.set('driver', driver);
  const text = query.toString().replaceAll('+', '%20');
  return text === '' ? '/inspector' : `/inspector?${text}`;
}

export function browserUrl(
  server: { url: string; loginUrl?: (next?: string) => string | undefined },
  path: string,
): string {
  return server.loginUrl?.(path) ?? `${server.url}${path}`;
}
