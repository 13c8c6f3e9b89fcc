// The adb server connector, with every connection's readable side ending when its socket closes. The library's Node
// connector ends a connection's readable only on the socket's `end` event; a connection reset (the adb server killed
// while our acknowledgements were unread, so the kernel answers with RST) emits `error` and `close` but never `end`.
// Its readable then stays open forever: a log follow reads nothing and never ends, so it is never reopened, and every
// later execution times out while the device writes its results (issue 36: results stopped for good after an adb
// restart under load). Here a closed socket ends the readable once what it had already received has been read.
// Such a cut, or a server that refuses or resets a new connection, also tells the owner the adb server went away:
// every transport id it handed out may now name another device (a restarted server numbers them from 1 again).
import type { AdbServerClient } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { ReadableStream, type ReadableStreamDefaultReader } from '@yume-chan/stream-extra';

type Connection = AdbServerClient.ServerConnection;

const SERVER_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOENT']);

export function closeAwareConnector(
  spec: { host: string; port: number },
  onServerLost: () => void,
): AdbServerClient.ServerConnector {
  const inner = new AdbServerNodeTcpConnector(spec);
  return {
    async connect(options) {
      try {
        return endOnClose(await inner.connect(options), onServerLost);
      } catch (error) {
        if (SERVER_GONE.has((error as NodeJS.ErrnoException).code ?? '')) onServerLost();
        throw error;
      }
    },
    addReverseTunnel: (handler, address) => inner.addReverseTunnel(handler, address),
    removeReverseTunnel: (address) => inner.removeReverseTunnel(address),
    clearReverseTunnels: () => inner.clearReverseTunnels(),
  };
}

/** The connection, with a readable that ends when the socket has closed and nothing received is left to read. */
export function endOnClose(connection: Connection, onCut: () => void = () => {}): Connection {
  let closed = false;
  /** Ends the read in progress as "nothing more" (set while a read waits). */
  let cutRead: (() => void) | undefined;
  // Chunks received before the close sit in the inner stream's queue and are handed over within microtasks, so a
  // read still unanswered one turn of the event loop after the close will never be answered.
  void connection.closed.then(() => {
    closed = true;
    const cut = cutRead;
    if (cut !== undefined) setImmediate(cut);
  });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const readable = new ReadableStream<Uint8Array>({
    async pull(controller) {
      reader ??= connection.readable.getReader();
      const cut = new Promise<undefined>((resolve) => {
        cutRead = () => resolve(undefined);
      });
      if (closed) setImmediate(cutRead as () => void);
      const next = await Promise.race([reader.read(), cut]);
      cutRead = undefined;
      if (next === undefined) onCut();
      if (next === undefined || next.done) {
        controller.close();
        reader.cancel().catch(() => {});
        return;
      }
      controller.enqueue(next.value);
    },
    cancel(reason) {
      return (reader ?? connection.readable).cancel(reason);
    },
  });
  return {
    readable,
    writable: connection.writable,
    get closed() {
      return connection.closed;
    },
    close: () => connection.close(),
  };
}
