// A DevTools socket of the device reached through the adb server (the service `adb forward` opens for each
// connection, without a port on the host), spoken with Node's HTTP client (/json/list) and the `ws` WebSocket client
// (one page's protocol). svc builds every address itself from the socket and a page id it checked: nothing a page
// says (its URLs, its webSocketDebuggerUrl) decides where svc connects.
import { request } from 'node:http';
import { Duplex } from 'node:stream';
import WebSocket from 'ws';
import type { AdbPort, DeviceSocket } from '../adapters/adb/adb-port.ts';

/** A page as /json/list describes it (Chrome's tabs; a WebView adds its place on screen in `description`). */
export interface DevtoolsPage {
  id: string;
  type: string;
  url: string;
  title: string;
  /** A WebView's `description`: {"attached":true,"visible":true,"screenX":0,"screenY":252,"width":1080,...}. */
  description?: string;
}

const PAGE_ID = /^[\w-]{1,100}$/;
const LIST_TIMEOUT_MS = 5000;

/** A device socket as the Node stream the HTTP and WebSocket clients take (the few socket calls they make). */
function duplexOf(socket: DeviceSocket): Duplex {
  const reader = socket.readable.getReader();
  const stream = new Duplex({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : Buffer.from(value)),
        (error: Error) => this.destroy(error),
      );
    },
    write(chunk: Buffer, _encoding, callback) {
      socket.write(new Uint8Array(chunk)).then(() => callback(), callback);
    },
    final(callback) {
      socket.close().then(() => callback(), callback);
    },
    destroy(error, callback) {
      socket.close().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
  return Object.assign(stream, { setTimeout: () => stream, setNoDelay: () => stream, setKeepAlive: () => stream });
}

async function open(adb: AdbPort, serial: string, socketName: string): Promise<Duplex> {
  if (!adb.openSocket) throw new Error('this adb connection cannot open device sockets');
  return duplexOf(await adb.openSocket(serial, `localabstract:${socketName}`));
}

export async function listPages(adb: AdbPort, serial: string, socketName: string): Promise<DevtoolsPage[]> {
  const socket = await open(adb, serial, socketName);
  const body = await new Promise<string>((resolve, reject) => {
    const req = request(
      { path: '/json/list', headers: { host: 'localhost' }, createConnection: () => socket, timeout: LIST_TIMEOUT_MS },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(text) : reject(new Error(`HTTP ${res.statusCode}`))));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer from the DevTools socket')));
    req.on('error', reject);
    req.end();
  }).finally(() => socket.destroy());
  const pages = JSON.parse(body) as unknown;
  if (!Array.isArray(pages)) return [];
  return pages.filter(
    (p): p is DevtoolsPage => typeof p === 'object' && p !== null && PAGE_ID.test(String((p as DevtoolsPage).id)),
  );
}

/** A WebSocket to one page of a socket (the id must come from that socket's /json/list). */
export async function connectPage(
  adb: AdbPort,
  serial: string,
  socketName: string,
  pageId: string,
): Promise<WebSocket> {
  if (!PAGE_ID.test(pageId)) throw new Error('not a DevTools page id');
  const socket = await open(adb, serial, socketName);
  const ws = new WebSocket(`ws://localhost/devtools/page/${pageId}`, {
    createConnection: () => socket as never,
    perMessageDeflate: false,
    maxPayload: 64 * 1024 * 1024,
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}
