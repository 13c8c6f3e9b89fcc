// The DevTools sockets of the simulated device, as `adb forward tcp:N localabstract:<name>` reaches them:
// `chrome_devtools_remote` (Chrome's tabs) and `webview_devtools_remote_<pid>` (a debuggable WebView's pages in
// app process <pid>), listed in /proc/net/unix while their app runs. One headless Chromium holds every tab, so each
// socket is a small DevTools front door of its own: its /json/list lists only the tabs of the apps behind that
// socket (as a WebView's socket lists only its process's pages), and a WebSocket reaches only one of those tabs;
// the browser-wide endpoint is not served (a real socket serves one app, not the whole device).
import { connect } from 'node:net';
import type { AdbStream } from '../adbd/stream.ts';
import { appPid } from '../device/process-table.ts';
import type { WebEngine } from './web-engine.ts';

const CHROME_SOCKET = 'chrome_devtools_remote';
const WEBVIEW_SOCKET = /^webview_devtools_remote_(\d+)$/;

interface Host {
  web: WebEngine;
  runningPackages(): string[];
}

/** The apps whose tabs a socket serves (none: no such socket on the device now). */
export function ownersOfSocket(host: Host, name: string): string[] {
  const running = new Set(host.runningPackages());
  const webview = WEBVIEW_SOCKET.exec(name);
  return host.web
    .owners()
    .filter(({ owner, socket }) => {
      if (!running.has(owner)) return false;
      if (name === CHROME_SOCKET) return socket === 'chrome';
      return socket === 'webview' && webview !== null && appPid(owner) === Number(webview[1]);
    })
    .map(({ owner }) => owner);
}

/**
 * /proc/net/unix with the DevTools sockets of the running apps (Linux net/unix/af_unix.c unix_seq_show: an abstract
 * socket's path is printed with a leading `@`; Chrome's DevTools server listens on such a socket).
 */
export function procNetUnix(host: Host | undefined): string {
  const header = 'Num       RefCount Protocol Flags    Type St Inode Path\n';
  const line = (inode: number, path: string) =>
    `0000000000000000: 00000002 00000000 00010000 0001 01 ${inode} ${path}\n`;
  const paths = ['/dev/socket/logdw', '@jdwp-control'];
  const running = new Set(host?.runningPackages() ?? []);
  for (const { owner, socket } of host?.web.owners() ?? []) {
    if (!running.has(owner)) continue;
    if (socket === 'chrome') paths.push(`@${CHROME_SOCKET}`);
    if (socket === 'webview') paths.push(`@webview_devtools_remote_${appPid(owner)}`);
  }
  return header + [...new Set(paths)].map((path, i) => line(20_000 + i, path)).join('');
}

function response(status: string, type: string, body: string): string {
  const length = Buffer.byteLength(body);
  return `HTTP/1.1 ${status}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${body}`;
}

async function targetList(port: number, allowed: readonly string[], host: string): Promise<string> {
  const all = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Record<string, unknown>[];
  const mine = all
    .filter((t) => allowed.includes(String(t.id)))
    .map((t) => ({
      ...t,
      // The address the client used (its forwarded port), as Chrome answers from the request's Host header.
      webSocketDebuggerUrl: `ws://${host}/devtools/page/${t.id}`,
      devtoolsFrontendUrl: `/devtools/inspector.html?ws=${host}/devtools/page/${t.id}`,
    }));
  return JSON.stringify(mine, null, 2);
}

/** Serves one stream opened on a DevTools socket of the device. */
export async function serveDevtoolsSocket(stream: AdbStream, host: Host, name: string): Promise<void> {
  const port = await host.web.port();
  let head = Buffer.alloc(0);
  let pipe: ((chunk: Uint8Array) => void) | undefined;
  stream.onData((chunk) => {
    if (pipe) return pipe(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) return;
    const request = head.toString('latin1', 0, end);
    const [, path = ''] = /^[A-Z]+ (\S+) HTTP/.exec(request) ?? [];
    const hostHeader = /\r\nhost:\s*([^\r\n]+)/i.exec(request)?.[1]?.trim() ?? `localhost:${port}`;
    const allowed = host.web.targetsOf(ownersOfSocket(host, name));
    const page = /^\/devtools\/page\/([\w-]+)$/.exec(path)?.[1];
    if (page !== undefined && allowed.includes(page)) {
      const socket = connect(port, '127.0.0.1');
      socket.on('data', (data) => void stream.write(data));
      socket.on('close', () => stream.close());
      socket.on('error', () => stream.close());
      stream.signal.addEventListener('abort', () => socket.destroy());
      socket.write(head);
      pipe = (data) => void socket.write(data);
      return;
    }
    pipe = () => {};
    const answer =
      path === '/json' || path === '/json/list'
        ? targetList(port, allowed, hostHeader).then((body) => response('200 OK', 'application/json', body))
        : Promise.resolve(response('404 Not Found', 'text/plain', 'not found'));
    return answer
      .then((text) => stream.write(text))
      .catch(() => {})
      .finally(() => stream.close());
  });
}
