// The kept-alive follow of a device that goes away: exponential backoff, let go once nobody waits and the adb
// server no longer lists it. The clock records each backoff instead of sleeping it, so nothing depends on time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ByteStream } from '../../../adapters/adb/adb-port.ts';
import { FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import type { Clock } from '../../../adapters/clock.ts';
import { IDLE_FAILURE_LIMIT, IDLE_MAX_RETRY_DELAY_MS, WAITED_MAX_RETRY_DELAY_MS } from './follow-retry.ts';
import { LogRouter } from './log-router.ts';

/** A fake adb whose follows fail while the device is unplugged (`plugged = false`), as the adb server's do. */
class UnpluggableAdb extends FakeAdb {
  plugged = true;
  override async streamBytes(serial: string, command: string): Promise<ByteStream> {
    if (!this.plugged) {
      this.calls.push(`${serial}: stream (failed) ${command}`);
      throw new Error(`device '${serial}' not found`);
    }
    return super.streamBytes(serial, command);
  }
}

/**
 * Records each requested backoff and yields 2 ms instead (cut short by the signal, like the real one); from backoff
 * number `holdAfter` on it waits a minute, so only a wake-up brings the next attempt.
 */
function recordingClock(delays: number[], holdAfter = Number.POSITIVE_INFINITY): Clock {
  return {
    now: () => Date.now(),
    monotonic: () => performance.now(),
    sleep: async (ms, signal) => {
      delays.push(ms);
      const realMs = delays.length > holdAfter ? 60_000 : 2;
      await sleep(realMs, undefined, signal === undefined ? {} : { signal });
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await sleep(10);
  assert.ok(check(), 'condition not reached');
}

const EVENT = '[svc-Command] start commandId=w taskId=t';
const followAttempts = (adb: FakeAdb) => adb.calls.filter((call) => call.includes(': stream')).length;

test('a device that vanishes while an execution waits is retried with exponential backoff, then let go', async () => {
  const adb = new UnpluggableAdb();
  const delays: number[] = [];
  const router = new LogRouter(adb, recordingClock(delays, 6), { keepAlive: true });
  const sub = await router.subscribe('fake-1', 'w', () => {});
  adb.log('fake-1', EVENT);
  await until(() => sub.status.entriesSeen === 1);
  adb.plugged = false;
  adb.devices = [];
  adb.streams[0]?.end();
  await until(() => delays.length === 7);
  // The working follow that dropped retries after 200 ms; then each failure doubles the wait up to the cap.
  assert.deepEqual(delays.slice(0, 6), [200, 200, 400, 800, WAITED_MAX_RETRY_DELAY_MS, WAITED_MAX_RETRY_DELAY_MS]);
  assert.ok(delays.every((ms) => ms <= WAITED_MAX_RETRY_DELAY_MS));
  assert.ok(router.followOf('fake-1') !== undefined, 'followed while an execution waits');
  assert.ok(sub.status.failures < IDLE_FAILURE_LIMIT);

  // The last waiter leaves during a backoff: one more attempt, the adb server no longer lists the device, let go.
  const before = sub.status.attempts;
  await sub.unsubscribe();
  await until(() => router.followOf('fake-1') === undefined);
  assert.equal(sub.status.gaveUp, true);
  assert.equal(sub.status.attempts, before + 1);
  assert.ok(sub.status.failures < IDLE_FAILURE_LIMIT, 'let go because unlisted, not because of the failure limit');
  const attempts = followAttempts(adb);
  await sleep(100); // dozens of attempts, had the follow gone on
  assert.equal(followAttempts(adb), attempts, 'no follow attempt after letting go');
  assert.ok(adb.calls.includes('host:devices-l'), 'asked the adb server whether the device is still listed');

  // Plugged back: the next execution starts a fresh follow that delivers its lines.
  adb.plugged = true;
  adb.devices = [{ serial: 'fake-1', state: 'device' }];
  const lines: string[] = [];
  const again = await router.subscribe('fake-1', 'w', (line) => lines.push(line.kind));
  adb.log('fake-1', EVENT);
  await until(() => lines.length === 1);
  assert.notEqual(again.status, sub.status);
  assert.equal(again.status.open, true);
  await router.close();
});

test('with nobody waiting, a listed device that cannot be followed backs off to the cap and is let go', async () => {
  const adb = new UnpluggableAdb();
  const delays: number[] = [];
  const router = new LogRouter(adb, recordingClock(delays), { keepAlive: true });
  const sub = await router.subscribe('fake-1', 'w', () => {});
  adb.log('fake-1', EVENT);
  await until(() => sub.status.entriesSeen === 1);
  await sub.unsubscribe();
  adb.plugged = false; // still listed, as an offline or unauthorized device is
  adb.streams[0]?.end();
  await until(() => router.followOf('fake-1') === undefined);
  assert.deepEqual(delays, [200, 200, 400, 800, 1600, 3200, IDLE_MAX_RETRY_DELAY_MS, IDLE_MAX_RETRY_DELAY_MS]);
  assert.equal(sub.status.failures, IDLE_FAILURE_LIMIT);
  assert.equal(sub.status.attempts, IDLE_FAILURE_LIMIT + 1);
  await router.close();
});

test('a new execution cuts a long backoff short', async () => {
  const adb = new UnpluggableAdb();
  const delays: number[] = [];
  // Every backoff lasts a minute here: only a wake-up can bring the next attempt sooner.
  const router = new LogRouter(adb, recordingClock(delays, 0), { keepAlive: true });
  const sub = await router.subscribe('fake-1', 'w', () => {});
  adb.plugged = false;
  adb.streams[0]?.end();
  await until(() => delays.length === 1);
  const attempts = followAttempts(adb);
  adb.plugged = true;
  const next = await router.subscribe('fake-1', 'x', () => {});
  await until(() => followAttempts(adb) === attempts + 1);
  await sub.unsubscribe();
  await next.unsubscribe();
  await router.close();
});
