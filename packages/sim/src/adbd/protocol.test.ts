import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { A_OPEN, A_WRTE, encodePacket, MalformedPacketError, PacketDecoder } from './protocol.ts';

describe('adb packet codec', () => {
  it('decodes packets split at any byte and packed together', () => {
    const first = encodePacket({ command: A_OPEN, arg0: 7, arg1: 0, payload: Buffer.from('shell:ls\0') }, false);
    const second = encodePacket({ command: A_WRTE, arg0: 1, arg1: 7, payload: Buffer.alloc(1000, 9) }, false);
    const stream = Buffer.concat([first, second]);
    for (const cut of [1, 23, 24, 30, first.length, first.length + 5]) {
      const decoder = new PacketDecoder(4096);
      const packets = [...decoder.push(stream.subarray(0, cut)), ...decoder.push(stream.subarray(cut))];
      assert.equal(packets.length, 2);
      assert.equal(packets[0]!.command, A_OPEN);
      assert.equal(packets[0]!.arg0, 7);
      assert.equal(Buffer.from(packets[0]!.payload).toString(), 'shell:ls\0');
      assert.equal(packets[1]!.payload.length, 1000);
    }
  });

  it('writes the magic as the complement of the command and a checksum only when asked', () => {
    const packet = { command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.from([1, 2, 3]) };
    assert.equal(encodePacket(packet, true).readUInt32LE(16), 6);
    assert.equal(encodePacket(packet, false).readUInt32LE(16), 0);
    assert.equal(encodePacket(packet, false).readUInt32LE(20), (A_WRTE ^ 0xffffffff) >>> 0);
  });

  it('ignores a wrong checksum but rejects a bad magic and an oversized payload', () => {
    const good = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.from('x') }, false);
    good.writeUInt32LE(12345, 16);
    assert.equal(new PacketDecoder(10).push(good).length, 1);
    const badMagic = Buffer.from(good);
    badMagic.writeUInt32LE(0, 20);
    assert.throws(() => new PacketDecoder(10).push(badMagic), MalformedPacketError);
    const big = encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: Buffer.alloc(11) }, false);
    assert.throws(() => new PacketDecoder(10).push(big), MalformedPacketError);
  });
});
