// One adb stream (an OPEN'd service) on a transport. Outgoing bytes are cut into WRTE packets of at most the
// negotiated maxdata, and only one WRTE is in flight until the host's OKAY: that is adb's flow control.
// Incoming WRTE payloads go to the service's handler; the OKAY is sent once the handler accepted them.
import { A_CLSE, A_OKAY, A_WRTE, type Packet } from './protocol.ts';

export interface PacketSink {
  send(packet: Packet): void;
  readonly maxPayload: number;
  /** The stream is gone (closed by either side); the transport forgets it. */
  forget(localId: number): void;
}

type DataHandler = (chunk: Uint8Array) => void | Promise<void>;

interface PendingWrite {
  data: Uint8Array;
  done: () => void;
}

export class AdbStream {
  readonly localId: number;
  readonly remoteId: number;
  readonly service: string;
  #sink: PacketSink;
  #pending: PendingWrite[] = [];
  #awaitingOkay = false;
  #held = false;
  #closing = false;
  #closed = false;
  #incoming: Promise<void> = Promise.resolve();
  #onData: DataHandler = () => {};
  #abort = new AbortController();

  constructor(sink: PacketSink, localId: number, remoteId: number, service: string) {
    this.#sink = sink;
    this.localId = localId;
    this.remoteId = remoteId;
    this.service = service;
  }

  /** Aborted when the host closes the stream or the transport goes away. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** The negotiated maxdata: the most one WRTE may carry. */
  get maxPacketData(): number {
    return this.#sink.maxPayload;
  }

  get closed(): boolean {
    return this.#closed;
  }

  onData(handler: DataHandler): void {
    this.#onData = handler;
  }

  /** Resolves when the bytes went out in WRTE packets (or the stream is closed, in which case they are dropped). */
  write(data: Uint8Array | string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (this.#closed || this.#closing || bytes.length === 0) return Promise.resolve();
    if (this.#held) {
      // adbd buffers what a service writes before the OPEN is answered (a process's small writes do not block).
      this.#pending.push({ data: bytes, done: () => {} });
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.#pending.push({ data: bytes, done: resolve });
      this.#pump();
    });
  }

  /** Sends CLSE after everything written so far. */
  close(): void {
    if (this.#closed || this.#closing) return;
    this.#closing = true;
    this.#pump();
  }

  /** Nothing goes out until release(): the OPEN is not answered yet (a `slow_broadcast_okay` fault). */
  hold(): void {
    this.#held = true;
  }

  release(): void {
    this.#held = false;
    this.#pump();
  }

  /** Called by the transport. */
  handleOkay(): void {
    this.#awaitingOkay = false;
    this.#pump();
  }

  handleWrite(payload: Uint8Array): void {
    this.#incoming = this.#incoming
      .then(() => this.#onData(payload))
      .catch(() => this.close())
      .then(() => {
        if (!this.#closed)
          this.#sink.send({ command: A_OKAY, arg0: this.localId, arg1: this.remoteId, payload: EMPTY });
      });
  }

  /** The host closed the stream, or the transport died. */
  handleClose(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#sink.forget(this.localId);
    for (const write of this.#pending) write.done();
    this.#pending = [];
    this.#abort.abort();
  }

  #pump(): void {
    if (this.#closed || this.#held) return;
    // Small writes queued while a WRTE was in flight travel together in the next one.
    while (!this.#awaitingOkay && this.#pending.length > 0) {
      const max = this.#sink.maxPayload;
      const parts: Uint8Array[] = [];
      let size = 0;
      while (this.#pending.length > 0 && size < max) {
        const head = this.#pending[0]!;
        const take = Math.min(head.data.length, max - size);
        parts.push(head.data.subarray(0, take));
        size += take;
        if (take === head.data.length) {
          this.#pending.shift();
          head.done();
        } else {
          head.data = head.data.subarray(take);
        }
      }
      this.#awaitingOkay = true;
      const payload = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      this.#sink.send({ command: A_WRTE, arg0: this.localId, arg1: this.remoteId, payload });
    }
    if (this.#closing && this.#pending.length === 0) {
      this.#sink.send({ command: A_CLSE, arg0: this.localId, arg1: this.remoteId, payload: EMPTY });
      this.handleClose();
    }
  }
}

const EMPTY = new Uint8Array(0);
