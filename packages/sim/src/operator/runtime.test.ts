import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHarness, ONCE, operatorLines } from './harness.test-helper.ts';

test('a success envelope keeps the protocol key order and one line at tag SvcOperator priority I', async () => {
  const h = createHarness();
  const out = await h.run([{ id: 's', type: 'sleep', params: { durationMs: 1 } }]);
  const line = out.lines.find((l) => l.startsWith('[svc-Result] '))!;
  assert.equal(
    line,
    `[svc-Result] {"commandId":"${out.commandId}","taskId":"task","status":"success","stepResults":[{"id":"s","actionType":"sleep","success":true,"data":{"duration_ms":"1"}}],"error":null}`,
  );
  const entry = h.device.log.entries().find((e) => e.message === line)!;
  assert.equal(entry.priority, 'I');
  assert.equal(entry.tag, 'SvcOperator');
});

test('events report start and success of each step with attempt and elapsed time', async () => {
  const h = createHarness();
  const out = await h.run([{ id: 's', type: 'sleep', params: { durationMs: 0 } }]);
  const events = out.lines.filter((l) => l.startsWith('[svc-Event] ')).map((l) => JSON.parse(l.slice(12)));
  assert.deepEqual(Object.keys(events[0]), ['commandId', 'actionId', 'actionType', 'phase', 'attempt', 'elapsedMs']);
  assert.deepEqual(
    events.map((e) => e.phase),
    ['start', 'success'],
  );
});

test('a failed step does not stop later steps and the execution still succeeds', async () => {
  const h = createHarness();
  const out = await h.run([
    { id: 'c', type: 'click', params: { matcher: { textEquals: 'Nothing here' }, retry: ONCE } },
    { id: 's', type: 'sleep', params: { durationMs: 0 } },
  ]);
  assert.equal(out.envelope.status, 'success');
  assert.deepEqual(
    out.envelope.stepResults.map((s) => s.success),
    [false, true],
  );
  assert.equal(out.envelope.stepResults[0]!.data.error, 'NODE_NOT_FOUND');
  assert.ok(out.envelope.stepResults[0]!.data.message);
});

test('an unknown action type fails the whole execution with EXECUTION_ACTION_UNSUPPORTED before any step', async () => {
  const h = createHarness();
  const out = await h.run([
    { id: 'o', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'x', type: 'teleport' },
  ]);
  assert.equal(out.envelope.status, 'failed');
  assert.equal(out.envelope.errorCode, 'EXECUTION_ACTION_UNSUPPORTED');
  assert.equal(h.ui.foregroundPackage(), 'com.android.launcher3');
});

test('type aliases are normalized and results carry the canonical type', async () => {
  const h = createHarness();
  const out = await h.run([{ id: 'a', type: 'open_url', params: { uri: 'https://example.com' } }]);
  assert.equal(out.envelope.stepResults[0]!.actionType, 'open_uri');
});

test('a payload over 64000 bytes fails with PAYLOAD_TOO_LARGE', async () => {
  const h = createHarness();
  const out = await h.run([{ id: 's', type: 'sleep', params: { durationMs: 0 } }], { pad: 'x'.repeat(64001) });
  assert.equal(out.envelope.errorCode, 'PAYLOAD_TOO_LARGE');
  assert.equal(out.envelope.status, 'failed');
});

test('a payload that is not JSON writes no envelope but an error line', async () => {
  const h = createHarness();
  const entries = await h.send('{not json');
  assert.ok(entries.some((e) => e.priority === 'E' && e.message.includes('not valid JSON')));
  assert.ok(!entries.some((e) => e.message.startsWith('[svc-Result]')));
});

test('the execution deadline writes one failed EXECUTION_TIMEOUT envelope and stops the steps', async () => {
  const h = createHarness();
  const out = await h.run(
    [
      { id: 'a', type: 'sleep', params: { durationMs: 10 } },
      { id: 'b', type: 'sleep', params: { durationMs: 5000 } },
      { id: 'c', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    ],
    { timeoutMs: 1000 },
  );
  assert.equal(out.envelope.status, 'failed');
  assert.equal(out.envelope.errorCode, 'EXECUTION_TIMEOUT');
  assert.equal(out.envelope.error, 'execution timed out after 1000ms');
  // The finished step, then the one the deadline cut short; never the step that did not start.
  assert.deepEqual(
    out.envelope.stepResults.map((s) => [s.id, s.success, s.data.error]),
    [
      ['a', true, undefined],
      ['b', false, 'EXECUTION_TIMEOUT'],
    ],
  );
  assert.equal(out.envelope.stepResults[1]?.data.attempts, '1');
  assert.equal(out.lines.filter((l) => l.startsWith('[svc-Result]')).length, 1);
  assert.equal(h.ui.foregroundPackage(), 'com.android.launcher3');
});

test('a step cut short by the deadline carries its attempts and its last failure so far', async () => {
  const h = createHarness();
  const out = await h.run([{ id: 'find', type: 'click', params: { matcher: { textEquals: 'Nope' } } }], {
    timeoutMs: 1200,
  });
  assert.equal(out.envelope.errorCode, 'EXECUTION_TIMEOUT');
  const [step] = out.envelope.stepResults;
  assert.equal(step?.id, 'find');
  assert.equal(step?.success, false);
  assert.equal(step?.data.error, 'EXECUTION_TIMEOUT');
  assert.equal(step?.data.last_error, 'NODE_NOT_FOUND');
  assert.match(step?.data.last_message ?? '', /Nope/);
  assert.ok(Number(step?.data.attempts) >= 2, step?.data.attempts);
  assert.match(step?.data.message ?? '', /during this step \(attempt \d+; last attempt failed with NODE_NOT_FOUND/);
});

test('executions are serialized: the second starts after the first envelope', async () => {
  const h = createHarness();
  const p = (id: string, ms: number) =>
    JSON.stringify({
      commandId: id,
      taskId: 't',
      timeoutMs: 5000,
      actions: [{ id: 's', type: 'sleep', params: { durationMs: ms } }],
    });
  const send = (payload: string) =>
    h.device.sendBroadcast({ action: h.op.action, targetPackage: h.op.package, extras: { payload }, foreground: true });
  send(p('first', 150));
  send(p('second', 0));
  await h.op.idle();
  const results = operatorLines(h.device).filter((l) => l.startsWith('[svc-Result]') || l.includes('"phase":"start"'));
  assert.match(results[0]!, /"commandId":"first"/);
  assert.match(results[1]!, /\[svc-Result\].*"first"/);
  assert.match(results[2]!, /"commandId":"second"/);
});

test('retries follow the explicit retry object with real delays and report retry events', async () => {
  const h = createHarness();
  const started = Date.now();
  const out = await h.run([
    {
      id: 'w',
      type: 'read_text',
      params: {
        matcher: { textEquals: 'Missing' },
        retry: { maxAttempts: 3, initialDelayMs: 100, maxDelayMs: 100, jitterRatio: 0 },
      },
    },
  ]);
  const phases = out.lines.filter((l) => l.startsWith('[svc-Event]')).map((l) => JSON.parse(l.slice(12)));
  assert.deepEqual(
    phases.map((e) => `${e.phase}${e.attempt}`),
    ['start1', 'retry2', 'retry3', 'failure3'],
  );
  assert.ok(Date.now() - started >= 200);
});

test('maxAttempts above 10 is clamped to 10', async () => {
  const h = createHarness();
  const out = await h.run([
    {
      id: 'w',
      type: 'read_text',
      params: { matcher: { textEquals: 'Missing' }, retry: { maxAttempts: 99, initialDelayMs: 0, maxDelayMs: 0 } },
    },
  ]);
  const events = out.lines.filter((l) => l.startsWith('[svc-Event]')).map((l) => JSON.parse(l.slice(12)));
  assert.equal(events.at(-1).attempt, 10);
});
