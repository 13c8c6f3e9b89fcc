// HTTP/1.1 over the daemon's Unix socket, written on node:net: loading node:http costs a cold CLI process tens of
// milliseconds, more than the whole proxied round trip. One request per connection (`Connection: close`, read to
// EOF). Errors are classified by WHEN they happened: before the connection opened (nothing reached the daemon, a
// direct run is safe) or after (the daemon may have dispatched: never re-run, SPEC 4.7).
// node:net (and the streams under it) loads on the first connection, not with the module: commands that never reach
// a daemon (version, --dry-run, --help) skip ~1.7 ms of built-in compilation.
import { timerMs } from '../contracts/limits.ts';

export interface SocketResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  json: unknown;
}

export class SocketRequestError extends Error {
  /** True when the connection to the daemon was open (the request may have reached it) before the failure. */
  readonly afterDispatch: boolean;
  readonly code: string | undefined;
  constructor(message: string, afterDispatch: boolean, code: string | undefined) {
    super(message);
    this.name = 'SocketRequestError';
    this.afterDispatch = afterDispatch;
    this.code = code;
  }
}

export class DaemonClient {
  readonly socketPath: string;

  constructor(socketPath: string) {
    this.socketPath = socketPath;
  }

  get(path: string, timeoutMs: number): Promise<SocketResponse> {
    return this.#send('GET', path, undefined, {}, timeoutMs);
  }

  post(path: string, body: unknown, headers: Record<string, string>, timeoutMs: number): Promise<SocketResponse> {
    return this.#send('POST', path, JSON.stringify(body), headers, timeoutMs);
  }

  /** Kept for callers that release clients; every request already closes its own connection. */
  close(): void {}

  #send(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<SocketResponse> {
    return new Promise((resolve, reject) => {
      let connected = false;
      let settled = false;
      const chunks: Buffer[] = [];
      const socket = process.getBuiltinModule('node:net').connect(this.socketPath);
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.destroy();
        outcome();
      };
      const fail = (message: string, code: string | undefined) =>
        finish(() => reject(new SocketRequestError(message, connected, code)));
      const timer = setTimeout(
        () => fail(`no answer from the daemon within ${timeoutMs} ms`, 'ETIMEDOUT'),
        timerMs(timeoutMs),
      );
      socket.once('connect', () => {
        connected = true;
        const payload = body === undefined ? '' : body;
        const lines = [
          `${method} ${path} HTTP/1.1`,
          'Host: localhost',
          'Connection: close',
          ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
          ...(body === undefined
            ? []
            : ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(payload)}`]),
        ];
        // write, not end: a half-closed socket makes the server drop an answer that is still being computed.
        socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
      });
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.once('error', (error: NodeJS.ErrnoException) => fail(error.message, error.code));
      socket.once('close', () => {
        const parsed = parseResponse(Buffer.concat(chunks));
        if (typeof parsed === 'string') fail(parsed, connected ? 'ECONNRESET' : 'ECONNREFUSED');
        else finish(() => resolve(parsed));
      });
    });
  }
}

/** Status and JSON body of a complete HTTP/1.1 response (Content-Length or chunked), or why it is not one. */
export function parseResponse(raw: Buffer): SocketResponse | string {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd === -1) return 'the daemon closed the connection before answering';
  const [statusLine = '', ...headerLines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!Number.isInteger(status)) return `the daemon answered a malformed status line: ${statusLine.slice(0, 80)}`;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const header = (name: string): string | undefined => headers[name];
  let body = raw.subarray(headEnd + 4);
  if (header('transfer-encoding')?.toLowerCase() === 'chunked') {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd === -1) return 'the daemon closed the connection mid-response';
      const size = Number.parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!Number.isInteger(size)) return 'the daemon sent a malformed chunk';
      if (size === 0) break;
      if (lineEnd + 2 + size > body.length) return 'the daemon closed the connection mid-response';
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else {
    const length = header('content-length');
    if (length !== undefined) {
      if (body.length < Number(length)) return 'the daemon closed the connection mid-response';
      body = body.subarray(0, Number(length));
    }
  }
  try {
    return { status, headers, json: JSON.parse(body.toString('utf8')) };
  } catch {
    return `the daemon answered non-JSON (HTTP ${status})`;
  }
}
