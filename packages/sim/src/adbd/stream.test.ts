import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { A_CLSE, A_OKAY, A_WRTE, type Packet } from './protocol.ts';
import { AdbStream, type PacketSink } from './stream.ts';

function fakeSink(maxPayload: number): PacketSink & { sent: Packet[] } {
  const sent: Packet[] = [];
  return { sent, maxPayload, send: (packet) => void sent.push(packet), forget() {} };
}

describe('adb stream flow control', () => {
  it('keeps one WRTE of at most maxdata in flight until the host answers OKAY', async () => {
    const sink = fakeSink(100);
    const stream = new AdbStream(sink, 1, 9, 'test');
    const written = stream.write(Buffer.alloc(250, 1));
    assert.equal(sink.sent.length, 1);
    assert.equal(sink.sent[0]!.payload.length, 100);
    assert.deepEqual([sink.sent[0]!.arg0, sink.sent[0]!.arg1], [1, 9]);
    stream.handleOkay();
    stream.handleOkay();
    assert.deepEqual(
      sink.sent.map((p) => p.payload.length),
      [100, 100, 50],
    );
    await written;
  });

  it('packs small writes queued behind an unacknowledged WRTE into the next one', () => {
    const sink = fakeSink(100);
    const stream = new AdbStream(sink, 1, 9, 'test');
    void stream.write('a');
    void stream.write('b');
    void stream.write('c');
    stream.handleOkay();
    assert.deepEqual(
      sink.sent.map((p) => Buffer.from(p.payload).toString()),
      ['a', 'bc'],
    );
  });

  it('sends CLSE only after the queued data and answers each incoming WRTE with OKAY', async () => {
    const sink = fakeSink(100);
    const stream = new AdbStream(sink, 1, 9, 'test');
    const seen: string[] = [];
    stream.onData((chunk) => void seen.push(Buffer.from(chunk).toString()));
    void stream.write('one');
    void stream.write('two');
    stream.close();
    assert.deepEqual(
      sink.sent.map((p) => p.command),
      [A_WRTE],
    );
    stream.handleOkay();
    assert.deepEqual(
      sink.sent.map((p) => p.command),
      [A_WRTE, A_WRTE, A_CLSE],
    );
    const other = new AdbStream(sink, 2, 10, 'in');
    other.onData((chunk) => void seen.push(Buffer.from(chunk).toString()));
    other.handleWrite(Buffer.from('hello'));
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(seen, ['hello']);
    assert.equal(sink.sent.at(-1)!.command, A_OKAY);
  });

  it('aborts its signal and drops pending writes when the host closes it', async () => {
    const sink = fakeSink(10);
    const stream = new AdbStream(sink, 1, 9, 'test');
    const pending = stream.write(Buffer.alloc(50));
    stream.handleClose();
    assert.equal(stream.signal.aborted, true);
    await pending;
    await stream.write('late');
    assert.equal(sink.sent.length, 1);
  });
});
