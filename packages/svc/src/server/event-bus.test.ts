// The SSE event bus: ordered delivery, never blocking the publisher, dropping clients that fall behind.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createEventBus } from './event-bus.ts';

describe('event bus', () => {
  it('delivers events to every subscriber in publish order', async () => {
    const bus = createEventBus();
    const [a, b] = [bus.subscribe(), bus.subscribe()];
    bus.publish('one', 1);
    bus.publish('two', 2);
    for (const sub of [a, b]) {
      assert.deepEqual(await sub.next(), { event: 'one', json: '1', frame: 'event: one\ndata: 1\n\n' });
      assert.deepEqual(await sub.next(), { event: 'two', json: '2', frame: 'event: two\ndata: 2\n\n' });
    }
  });

  it('drops a subscriber whose queue is full instead of blocking or growing', async () => {
    const bus = createEventBus(3);
    const slow = bus.subscribe();
    const fast = bus.subscribe();
    const received: number[] = [];
    const draining = (async () => {
      for (let e = await fast.next(); e; e = await fast.next()) received.push(JSON.parse(e.json) as number);
    })();
    for (let i = 0; i < 10; i++) {
      bus.publish('n', i); // never awaits a subscriber
      await new Promise((resolve) => setImmediate(resolve)); // the fast client gets to read, the slow one never does
    }
    assert.equal(slow.closed, true);
    assert.equal(slow.dropped, true);
    assert.equal(bus.subscriberCount, 1);
    bus.closeAll();
    await draining;
    assert.deepEqual(received, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.equal(await slow.next(), undefined);
  });

  it('drops a subscriber whose queued bytes pass the bound, and tells its owner', async () => {
    const bus = createEventBus(1000, 10_000);
    const slow = bus.subscribe();
    let told = 0;
    slow.onDrop(() => told++);
    for (let i = 0; i < 5; i++) bus.publish('big', 'x'.repeat(3000));
    assert.equal(slow.dropped, true);
    assert.equal(told, 1);
  });

  it('serializes each event once, and a deeply nested or huge one becomes a marker instead of breaking streams', async () => {
    const bus = createEventBus();
    const sub = bus.subscribe();
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    bus.publish('svc:execution', { deviceId: 'd', input: deep });
    bus.publish('svc:execution', { input: 'y'.repeat(2 * 1024 * 1024) });
    bus.publish('after', { fine: true });
    const first = JSON.parse((await sub.next())?.json ?? '');
    assert.equal(first.deviceId, 'd');
    assert.match(JSON.stringify(first.input), /omitted: nested too deep/);
    assert.match(JSON.parse((await sub.next())?.json ?? '').omitted, /too large/);
    assert.deepEqual(JSON.parse((await sub.next())?.json ?? ''), { fine: true });
  });

  it('ends pending reads when the bus closes', async () => {
    const bus = createEventBus();
    const sub = bus.subscribe();
    const pending = sub.next();
    bus.closeAll();
    assert.equal(await pending, undefined);
    assert.equal(bus.subscriberCount, 0);
  });
});
