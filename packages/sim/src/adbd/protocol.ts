// The adb transport packet: a 24-byte little-endian header (command, arg0, arg1, length, checksum, magic) and a
// payload. See AOSP adb/protocol.txt.

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;
/** @public The rest of the wire's command table: the simulated adbd never sends them, nor accepts them. */
export const A_SYNC = 0x434e5953;
/** @public */
export const A_STLS = 0x534c5453;

/** Version with "skip checksum": hosts at this version send 0 and do not verify ours. */
export const A_VERSION = 0x01000001;
export const A_VERSION_MIN = 0x01000000;
/** What the device offers; the connection uses min(host's, ours). */
export const DEVICE_MAX_PAYLOAD = 256 * 1024;

export const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;
export const AUTH_RSAPUBLICKEY = 3;

export const HEADER_SIZE = 24;

export interface Packet {
  readonly command: number;
  readonly arg0: number;
  readonly arg1: number;
  readonly payload: Uint8Array;
}

function checksum(payload: Uint8Array): number {
  let sum = 0;
  for (const byte of payload) sum += byte;
  return sum >>> 0;
}

/** Encodes one packet. The checksum is filled only for old peers (`withChecksum`); newer ones ignore it. */
export function encodePacket(packet: Packet, withChecksum: boolean): Buffer {
  const header = Buffer.allocUnsafe(HEADER_SIZE);
  header.writeUInt32LE(packet.command >>> 0, 0);
  header.writeUInt32LE(packet.arg0 >>> 0, 4);
  header.writeUInt32LE(packet.arg1 >>> 0, 8);
  header.writeUInt32LE(packet.payload.length, 12);
  header.writeUInt32LE(withChecksum ? checksum(packet.payload) : 0, 16);
  header.writeUInt32LE((packet.command ^ 0xffffffff) >>> 0, 20);
  if (packet.payload.length === 0) return header;
  return Buffer.concat([header, packet.payload]);
}

export class MalformedPacketError extends Error {}

/**
 * Incremental decoder: feed socket chunks, get whole packets. Checksums are never verified (adb >= 1.0.41 sends 0).
 * A payload larger than `maxPayload` or a bad magic is a protocol error (the caller drops the connection).
 */
export class PacketDecoder {
  #chunks: Buffer[] = [];
  #buffered = 0;
  maxPayload: number;

  constructor(maxPayload: number) {
    this.maxPayload = maxPayload;
  }

  push(chunk: Buffer): Packet[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    const packets: Packet[] = [];
    for (;;) {
      if (this.#buffered < HEADER_SIZE) break;
      const head = this.#peek(HEADER_SIZE);
      const command = head.readUInt32LE(0);
      const length = head.readUInt32LE(12);
      const magic = head.readUInt32LE(20);
      if ((command ^ 0xffffffff) >>> 0 !== magic) throw new MalformedPacketError('bad packet magic');
      if (length > this.maxPayload) throw new MalformedPacketError(`payload of ${length} bytes exceeds maxdata`);
      if (this.#buffered < HEADER_SIZE + length) break;
      const whole = this.#take(HEADER_SIZE + length);
      packets.push({
        command,
        arg0: whole.readUInt32LE(4),
        arg1: whole.readUInt32LE(8),
        payload: whole.subarray(HEADER_SIZE),
      });
    }
    return packets;
  }

  #peek(size: number): Buffer {
    const first = this.#chunks[0]!;
    if (first.length >= size) return first;
    const joined = Buffer.concat(this.#chunks);
    this.#chunks = [joined];
    return joined;
  }

  #take(size: number): Buffer {
    const joined = this.#peek(size);
    const out = joined.subarray(0, size);
    const rest = joined.subarray(size);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#buffered -= size;
    return out;
  }
}
