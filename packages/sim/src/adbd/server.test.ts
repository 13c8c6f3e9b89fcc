// The transport seen by a hand-written host (no adb binary): handshake per state, negotiated maxdata, flow control.
// The device model is a test stand-in; packages/sim/test runs the real one through real adb.
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_WRTE,
  encodePacket,
  type Packet,
  PacketDecoder,
} from './protocol.ts';
import { AdbdServer } from './server.ts';
import { standInDevice, standInRun } from './stand-in-device.test-helper.ts';

class Host {
  readonly socket: Socket;
  #decoder = new PacketDecoder(16 * 1024 * 1024);
  #packets: Packet[] = [];
  #wake: (() => void) | undefined;

  constructor(port: number) {
    this.socket = connect({ port, host: '127.0.0.1' });
    // State changes drop transports on purpose.
    this.socket.on('error', () => {});
    this.socket.on('data', (chunk: Buffer) => {
      this.#packets.push(...this.#decoder.push(chunk));
      this.#wake?.();
    });
  }

  send(command: number, arg0: number, arg1: number, payload: string | Uint8Array = new Uint8Array(0)) {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.socket.write(encodePacket({ command, arg0, arg1, payload: bytes }, true));
  }

  async next(timeoutMs = 2000): Promise<Packet | undefined> {
    const deadline = Date.now() + timeoutMs;
    while (this.#packets.length === 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, 20);
      });
    }
    return this.#packets.shift();
  }
}

describe('adbd transport', () => {
  const device = standInDevice();
  device.files.set('/big', { data: Buffer.alloc(50_000, 1), mode: 0o644, mtimeSec: 1 });
  const server = new AdbdServer({ context: { device, runCommand: (line, io) => standInRun(device, line, io) } });
  let port = 0;
  const hosts: Host[] = [];
  const host = () => {
    const h = new Host(port);
    hosts.push(h);
    return h;
  };
  before(async () => {
    port = await server.listen(0);
  });
  after(async () => {
    for (const h of hosts) h.socket.destroy();
    await server.close();
  });

  it('answers CNXN with version, its 256 KiB maxdata and a banner listing the features it serves', async () => {
    const h = host();
    h.send(A_CNXN, 0x01000001, 1024 * 1024, 'host::features=shell_v2\0');
    const reply = await h.next();
    assert.equal(reply?.command, A_CNXN);
    assert.equal(reply.arg0, 0x01000001);
    assert.equal(reply.arg1, 256 * 1024);
    const banner = Buffer.from(reply.payload).toString();
    assert.match(banner, /^device::ro\.product\.name=standin;ro\.product\.model=Standin;ro\.product\.device=standin;/);
    assert.match(banner, /features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,abb_exec$/);
  });

  it('never sends a WRTE larger than the maxdata the host offered, and waits for OKAY between them', async () => {
    const h = host();
    h.send(A_CNXN, 0x01000001, 4096, 'host::\0');
    assert.equal((await h.next())?.command, A_CNXN);
    h.send(A_OPEN, 5, 0, 'exec:cat /big\0');
    const okay = await h.next();
    assert.equal(okay?.command, A_OKAY);
    let received = 0;
    let closed = false;
    while (!closed) {
      const packet = await h.next();
      assert.ok(packet, 'stream stalled');
      assert.equal(packet.command, A_WRTE);
      assert.ok(packet.payload.length <= 4096);
      received += packet.payload.length;
      // Until our OKAY only the final CLSE may follow, never another WRTE.
      const early = await h.next(50);
      if (early) {
        assert.equal(early.command, A_CLSE);
        closed = true;
      }
      h.send(A_OKAY, 5, packet.arg0);
    }
    assert.equal(received, 50_000);
  });

  it('answers AUTH tokens while unauthorized and completes the handshake once accepted', async () => {
    server.setState('unauthorized');
    const h = host();
    h.send(A_CNXN, 0x01000001, 1024 * 1024, 'host::\0');
    assert.equal((await h.next())?.command, A_AUTH);
    h.send(A_AUTH, 2, 0, Buffer.alloc(256));
    assert.equal((await h.next())?.command, A_AUTH);
    h.send(A_AUTH, 3, 0, 'QAAAA= host\0');
    assert.equal(await h.next(200), undefined);
    server.setState('device');
    assert.equal((await h.next())?.command, A_CNXN);
  });

  it('keeps an offline handshake unanswered until the device comes online', async () => {
    server.setState('offline');
    const h = host();
    h.send(A_CNXN, 0x01000001, 1024 * 1024, 'host::\0');
    assert.equal(await h.next(300), undefined);
    server.setState('device');
    assert.equal((await h.next())?.command, A_CNXN);
  });
});
