// One transport (TCP connection from the adb server): the CNXN/AUTH handshake, then OPEN/OKAY/WRTE/CLSE routing to
// streams. The handshake answer depends on the device state: `device` answers CNXN; `unauthorized` answers with AUTH
// tokens and waits (the user has not tapped Allow); `offline` never answers. A state change to `device` completes
// every handshake that is waiting.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { answersHandshake, type DeviceState } from '../device/types.ts';
import type { ServiceContext } from './context.ts';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION,
  A_VERSION_MIN,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  DEVICE_MAX_PAYLOAD,
  encodePacket,
  type Packet,
  PacketDecoder,
} from './protocol.ts';
import { resolveService } from './services/router.ts';
import { AdbStream, type PacketSink } from './stream.ts';

export interface ConnectionHost {
  state(): DeviceState;
  banner(): string;
  readonly context: ServiceContext;
  /** The host offered its public key while unauthorized (a real device would show the Allow dialog now). */
  onAuthPrompt(): void;
  onClosed(connection: AdbConnection): void;
}

type Phase = 'awaiting-cnxn' | 'handshaking' | 'online';

export class AdbConnection implements PacketSink {
  readonly socket: Socket;
  #host: ConnectionHost;
  #decoder = new PacketDecoder(1024 * 1024);
  #phase: Phase = 'awaiting-cnxn';
  #version = A_VERSION;
  maxPayload = DEVICE_MAX_PAYLOAD;
  #streams = new Map<number, AdbStream>();
  #nextLocalId = 1;
  #corked = false;

  constructor(socket: Socket, host: ConnectionHost) {
    this.socket = socket;
    this.#host = host;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.#onClose());
  }

  get online(): boolean {
    return this.#phase === 'online';
  }

  /** The device state changed: a waiting handshake completes when the device is now authorized and online. */
  stateChanged(state: DeviceState): void {
    if (this.#phase === 'handshaking' && answersHandshake(state)) this.#sendConnect();
  }

  send(packet: Packet): void {
    if (this.socket.destroyed) return;
    // Cork so the packets of one tick leave in one segment (TCP_NODELAY would otherwise send each alone).
    if (!this.#corked) {
      this.#corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.#corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(encodePacket(packet, this.#version < A_VERSION || packet.command === A_CNXN));
  }

  forget(localId: number): void {
    this.#streams.delete(localId);
  }

  destroy(): void {
    this.socket.destroy();
  }

  #onData(chunk: Buffer): void {
    let packets: Packet[];
    try {
      packets = this.#decoder.push(chunk);
    } catch {
      this.socket.destroy();
      return;
    }
    for (const packet of packets) this.#handle(packet);
  }

  #handle(packet: Packet): void {
    const state = this.#host.state();
    switch (packet.command) {
      case A_CNXN:
        this.#version = Math.max(A_VERSION_MIN, Math.min(A_VERSION, packet.arg0));
        this.maxPayload = Math.min(DEVICE_MAX_PAYLOAD, packet.arg1 || DEVICE_MAX_PAYLOAD);
        // The host must respect our maxdata too; a larger packet is a protocol error.
        this.#decoder.maxPayload = DEVICE_MAX_PAYLOAD;
        // A CNXN resets the transport, as on adbd.
        for (const stream of [...this.#streams.values()]) stream.handleClose();
        this.#phase = 'handshaking';
        if (answersHandshake(state)) this.#sendConnect();
        else if (state === 'unauthorized') this.#sendAuthToken();
        return;
      case A_AUTH:
        if (this.#phase !== 'handshaking') return;
        if (answersHandshake(state)) this.#sendConnect();
        else if (state === 'unauthorized' && packet.arg0 === AUTH_SIGNATURE) this.#sendAuthToken();
        else if (state === 'unauthorized' && packet.arg0 === AUTH_RSAPUBLICKEY) this.#host.onAuthPrompt();
        return;
      default:
        if (this.#phase === 'online') this.#handleStreamPacket(packet);
    }
  }

  #handleStreamPacket(packet: Packet): void {
    if (packet.command === A_OPEN) {
      this.#open(packet.arg0, packet.payload);
      return;
    }
    const stream = this.#streams.get(packet.arg1);
    if (!stream) return;
    if (packet.command === A_OKAY) stream.handleOkay();
    else if (packet.command === A_WRTE) stream.handleWrite(packet.payload);
    else if (packet.command === A_CLSE) stream.handleClose();
  }

  #open(remoteId: number, payload: Uint8Array): void {
    // Only the terminating NUL goes: abb_exec separates its arguments with NULs.
    const end = payload.length > 0 && payload[payload.length - 1] === 0 ? payload.length - 1 : payload.length;
    const name = Buffer.from(payload.subarray(0, end)).toString('utf8');
    if (TRACE) process.stderr.write(`[svc-sim] OPEN ${JSON.stringify(name)}\n`);
    const { context } = this.#host;
    context.traceService?.(name);
    const handler = resolveService(name, context);
    if (!handler || remoteId === 0) {
      this.send({ command: A_CLSE, arg0: 0, arg1: remoteId, payload: EMPTY });
      return;
    }
    const localId = this.#nextLocalId++;
    const stream = new AdbStream(this, localId, remoteId, name);
    this.#streams.set(localId, stream);
    const holdMs = okayHoldMs(name, context);
    if (holdMs > 0) {
      // adbd starts a service before it answers the OPEN (AOSP packages/modules/adb/adb.cpp, handle_packet, case
      // A_OPEN: create_local_service_socket, then send_ready): the command runs while the host still waits for
      // OKAY, and a transport cut in between leaves the host not knowing it ran. The fault widens that window.
      stream.hold();
      handler(stream, context).catch(() => stream.close());
      setTimeout(() => {
        if (stream.closed) return;
        this.send({ command: A_OKAY, arg0: localId, arg1: remoteId, payload: EMPTY });
        stream.release();
      }, holdMs);
      return;
    }
    this.send({ command: A_OKAY, arg0: localId, arg1: remoteId, payload: EMPTY });
    handler(stream, context).catch(() => stream.close());
  }

  #sendConnect(): void {
    this.#phase = 'online';
    const banner = Buffer.from(this.#host.banner(), 'utf8');
    this.send({ command: A_CNXN, arg0: this.#version, arg1: DEVICE_MAX_PAYLOAD, payload: banner });
  }

  #sendAuthToken(): void {
    this.send({ command: A_AUTH, arg0: AUTH_TOKEN, arg1: 0, payload: randomBytes(20) });
  }

  #onClose(): void {
    this.#phase = 'awaiting-cnxn';
    for (const stream of [...this.#streams.values()]) stream.handleClose();
    this.#host.onClosed(this);
  }
}

const EMPTY = new Uint8Array(0);

/** `slow_broadcast_okay` (ms, one-shot): how long the next `am broadcast` shell waits for its OKAY; 0 for others. */
function okayHoldMs(service: string, context: ServiceContext): number {
  if (!/^shell[,:].*\bam broadcast\b/s.test(service)) return 0;
  const value = context.device.faults.get('slow_broadcast_okay');
  if (value === undefined || value === false) return 0;
  context.device.faults.take('slow_broadcast_okay');
  return typeof value === 'number' ? value : 3000;
}
/** SVC_SIM_TRACE=1 logs every service a host opens (to study what adb sends). */
const TRACE = process.env.SVC_SIM_TRACE === '1';
