// A TCP relay between svc and a lab's real adb server, to break the connections that are open at one moment the way a
// network or a dying adb server does: with a reset (RST: the socket errors and closes but never sees an orderly end)
// or by going silent (a half-open connection: nothing arrives and nothing says so). The adb server itself cannot be
// made to do either on demand, and these are the ends svc must survive. New connections pass untouched.
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

export interface AdbLink {
  /** `tcp:127.0.0.1:<port>`: the address to give svc (ADB_SERVER_SOCKET). */
  readonly socketSpec: string;
  /** Resets every connection open now, on svc's side. */
  resetOpen(): void;
  /** Stops forwarding anything, either way, on every connection open now, and never closes them. */
  silenceOpen(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

export async function openAdbLink(adbPort: number): Promise<AdbLink> {
  const pairs = new Set<Pair>();
  /** Every socket still open, silenced ones included: close() ends them all. */
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = tcpConnect({ host: '127.0.0.1', port: adbPort });
    const pair = { client, upstream };
    pairs.add(pair);
    open.add(client).add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const forget = () => {
      pairs.delete(pair);
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', forget).on('close', forget);
    upstream.on('error', forget).on('close', forget);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no relay port');
  return {
    socketSpec: `tcp:127.0.0.1:${address.port}`,
    resetOpen() {
      for (const { client, upstream } of pairs) {
        client.resetAndDestroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    silenceOpen() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      });
    },
  };
}
