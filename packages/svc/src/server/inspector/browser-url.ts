// The address a browser opens for the inspector of a running server. Today the page is served to any loopback
// client, so it is the page itself; a server that signs browsers in gives its sign-in address here instead, and
// `svc inspect` and the browser tests follow (both ask this function).
export function inspectorPath(deviceId?: string, driver?: string): string {
  const query = new URLSearchParams();
  if (deviceId !== undefined) query.set('device', deviceId);
  if (driver !== undefined && driver !== 'auto') query.set('driver', driver);
  const text = query.toString().replaceAll('+', '%20');
  return text === '' ? '/inspector' : `/inspector?${text}`;
}

export function browserUrl(server: { url: string }, path: string): string {
  return `${server.url}${path}`;
}
