// The address a browser opens for the inspector of a running server. Today the page is served to any loopback
// client, so it is the page itself; a server that signs browsers in gives its sign-in address here instead, and
// `svc inspect` and the browser tests follow (both ask this function).
export function inspectorPath(deviceId?: string): string {
  return deviceId === undefined ? '/inspector' : `/inspector?device=${encodeURIComponent(deviceId)}`;
}

export function browserUrl(server: { url: string }, path: string): string {
  return `${server.url}${path}`;
}
