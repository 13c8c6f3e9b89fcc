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
      assert.deepEqual(await sub.next(), { event: 'one', data: 1 });
      assert.deepEqual(await sub.next(), { event: 'two', data: 2 });
    }
  });

  it('drops a subscriber whose queue is full instead of blocking or growing', async () => {
    const bus = createEventBus(3);
    const slow = bus.subscribe();
    const fast = bus.subscribe();
    const received: number[] = [];
    const draining = (async () => {
      for (let e = await fast.next(); e; e = await fast.next()) received.push(e.data as number);
    })();
    for (let i = 0; i < 10; i++) {
      bus.publish('n', i); // never awaits a subscriber
      await new Promise((resolve) => setImmediate(resolve)); // the fast client gets to read, the slow one never does
    }
    assert.equal(slow.closed, true);
    assert.equal(bus.subscriberCount, 1);
    bus.closeAll();
    await draining;
    assert.deepEqual(received, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.equal(await slow.next(), undefined);
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
