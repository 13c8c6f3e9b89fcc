import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAKE_OPERATOR_UID, FakeAdb } from '../../../adapters/adb/fake-adb.test-helper.ts';
import { systemClock } from '../../../adapters/clock.ts';
import type { OperatorLine } from '../../../contracts/operator-lines.ts';
import { type LineSource, LogRouter } from './log-router.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

function collect() {
  const lines: OperatorLine[] = [];
  const sources: LineSource[] = [];
  return {
    lines,
    sources,
    sink: (line: OperatorLine, source: LineSource) => {
      lines.push(line);
      sources.push(source);
    },
  };
}

test('lines reach only the waiter of their commandId, with their writer; a result naming no commandId reaches nobody', async () => {
  const adb = new FakeAdb();
  const router = new LogRouter(adb, systemClock, { keepAlive: false });
  const a = collect();
  const b = collect();
  const subA = await router.subscribe('fake-1', 'cmd/a', a.sink);
  const subB = await router.subscribe('fake-1', 'cmd-b', b.sink);
  adb.log('fake-1', '[svc-Result] {"commandId":"cmd-b","taskId":"t","status":"success","error":null}');
  adb.log('fake-1', '[svc-Command] start commandId=cmd/a taskId=t');
  adb.log('fake-1', '[svc-Result] not json');
  adb.log('fake-1', '[svc-Result] {"commandId":"cmd-b","tas', { uid: 2000, pid: 31337 });
  await tick();
  assert.deepEqual(
    a.lines.map((l) => l.kind),
    ['command'],
  );
  assert.deepEqual(
    b.lines.map((l) => l.kind),
    ['result', 'result'],
  );
  assert.deepEqual(b.sources, [
    { uid: FAKE_OPERATOR_UID, pid: 4242 },
    { uid: 2000, pid: 31337 },
  ]);
  assert.equal(subA.status.linesNamingNoCommand, 1);
  await subA.unsubscribe();
  await subB.unsubscribe();
  assert.equal(adb.streams.length, 0, 'direct mode stops the follow with the last waiter');
});

test('a long-lived router keeps one follow per device across executions', async () => {
  const adb = new FakeAdb();
  const router = new LogRouter(adb, systemClock, { keepAlive: true });
  for (const id of ['one', 'two', 'three']) {
    const sub = await router.subscribe('fake-1', id, () => {});
    await tick();
    await sub.unsubscribe();
  }
  assert.equal(adb.calls.filter((c) => c.includes('stream logcat')).length, 1);
  assert.equal(adb.streams.length, 1);
  await router.close();
  assert.equal(adb.streams.length, 0);
});

test('after the follow drops it resumes from the last entry seen, without repeating lines', async () => {
  const adb = new FakeAdb();
  const router = new LogRouter(adb, systemClock, { keepAlive: false });
  const got = collect();
  const sub = await router.subscribe('fake-1', 'cmd', got.sink);
  await tick();
  const event = (n: number) => `[svc-Command] stage-retry commandId=cmd attempt=${n}/3`;
  adb.log('fake-1', event(1));
  await tick();
  adb.streams[0]?.end();
  adb.log('fake-1', event(2)); // written while no follow is open
  await new Promise((resolve) => setTimeout(resolve, 400));
  adb.log('fake-1', event(3));
  await tick();
  assert.deepEqual(
    got.lines.map((l) => (l.kind === 'command' ? l.fields.attempt : l.kind)),
    ['1/3', '2/3', '3/3'],
  );
  assert.equal(sub.status.restarts, 1);
  assert.match(adb.calls.filter((c) => c.includes('stream logcat')).at(-1) ?? '', /-T '/);
  await sub.unsubscribe();
});
