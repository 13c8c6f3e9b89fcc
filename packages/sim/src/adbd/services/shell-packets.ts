// Shell protocol v2 framing (AOSP adb/shell_protocol.h): [id: u8][length: u32 LE][data]. Packets may be split across
// or packed into WRTE payloads, so the decoder works on a byte stream.

export const SHELL_STDIN = 0;
export const SHELL_STDOUT = 1;
export const SHELL_STDERR = 2;
export const SHELL_EXIT = 3;
export const SHELL_CLOSE_STDIN = 4;
/** @public The last packet id of the framing: a terminal resize, which the simulated shell has no use for. */
export const SHELL_WINDOW_SIZE_CHANGE = 5;

const HEADER = 5;

export function encodeShellPacket(id: number, data: Uint8Array): Buffer {
  const header = Buffer.allocUnsafe(HEADER);
  header.writeUInt8(id, 0);
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

export interface ShellPacket {
  readonly id: number;
  readonly data: Uint8Array;
}

export class ShellPacketDecoder {
  #buffer: Buffer = Buffer.alloc(0);

  push(chunk: Uint8Array): ShellPacket[] {
    this.#buffer = this.#buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#buffer, chunk]);
    const packets: ShellPacket[] = [];
    while (this.#buffer.length >= HEADER) {
      const length = this.#buffer.readUInt32LE(1);
      if (this.#buffer.length < HEADER + length) break;
      packets.push({ id: this.#buffer[0]!, data: this.#buffer.subarray(HEADER, HEADER + length) });
      this.#buffer = this.#buffer.subarray(HEADER + length);
    }
    return packets;
  }
}
