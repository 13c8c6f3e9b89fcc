// `svc serve` with two simulated devices: the SSE sequence, the in-flight lock (423), parallel executions on two
// devices, device selection errors.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { type LabServer, postJson, sleepExecution, startLabServer } from './server-helpers.ts';
import { connectSse } from './sse-client.ts';

let env: LabServer;
let serials: string[];
before(async () => {
  env = await startLabServer([{}, {}]);
  serials = env.lab.devices.map((d) => d.serial);
});
after(() => env.close());

async function waitForInFlight(count: number): Promise<void> {
  while (env.serverApp.inFlight.count < count) await sleep(5);
}

describe('svc serve events and concurrency against two simulated devices', () => {
  it('streams one svc:execution per attempt and one svc:result per execution that reached a device', async () => {
    const [a, b] = serials as [string, string];
    const sse = await connectSse(`${env.url}/events`);
    assert.equal(sse.response.headers.get('content-type'), 'text/event-stream');
    assert.equal(sse.response.headers.get('cache-control'), 'no-cache');
    assert.equal(sse.response.headers.get('connection'), 'keep-alive');
    assert.deepEqual((await sse.next())?.event, 'heartbeat');

    const invalid = { ...sleepExecution(), expectedFormat: 'html' };
    const attempts = [
      { execution: invalid, deviceId: a }, // fails validation, before device resolution
      { execution: sleepExecution() }, // two devices, no id: fails device selection
      { execution: sleepExecution(), deviceId: a },
      { execution: sleepExecution(), deviceId: b },
    ];
    const statuses = [];
    for (const body of attempts) statuses.push((await postJson(env.url, '/execute', body)).status);
    assert.deepEqual(statuses, [400, 400, 200, 200]);

    const frames = await sse.collectUntil((f) => f.event === 'svc:execution', 4);
    frames.push(...(await sse.collectUntil((f) => f.event === 'svc:result', 2 - count(frames, 'svc:result'))));
    sse.close();
    assert.equal(count(frames, 'svc:execution'), 4);
    assert.equal(count(frames, 'svc:result'), 2);
    const executions = frames.filter((f) => f.event === 'svc:execution').map((f) => f.data as ExecutionEvent);
    assert.deepEqual(
      executions.map((e) => [e.deviceId, e.result.ok, e.result.error?.code ?? null]),
      [
        [a, false, 'EXECUTION_VALIDATION_FAILED'],
        [null, false, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED'],
        [a, true, null],
        [b, true, null],
      ],
    );
    assert.deepEqual(executions[0]?.input, invalid);
    const results = frames.filter((f) => f.event === 'svc:result').map((f) => f.data as ResultEvent);
    assert.deepEqual(
      results.map((r) => [r.deviceId, r.envelope.commandId, r.envelope.status]),
      [
        [a, attempts[2]?.execution.commandId, 'success'],
        [b, attempts[3]?.execution.commandId, 'success'],
      ],
    );
  });

  it('answers 423 EXECUTION_CONFLICT_IN_FLIGHT to a second execution on a busy device', async () => {
    const [a] = serials as [string];
    const first = postJson(env.url, '/execute', { execution: sleepExecution(1500), deviceId: a });
    await waitForInFlight(1);
    await sleep(300); // let the first one take the device lock
    const second = await postJson(env.url, '/execute', { execution: sleepExecution(), deviceId: a });
    assert.equal(second.status, 423);
    assert.equal(second.body.error?.code, 'EXECUTION_CONFLICT_IN_FLIGHT');
    assert.equal((await first).status, 200);
  });

  it('runs executions on two devices in parallel', async () => {
    const pending = serials.map((deviceId) =>
      postJson(env.url, '/execute', { execution: sleepExecution(800), deviceId }),
    );
    await waitForInFlight(2); // both are in flight at once: neither waits for the other
    const responses = await Promise.all(pending);
    assert.deepEqual(
      responses.map((r) => [r.status, r.body.deviceId]),
      serials.map((s) => [200, s]),
    );
  });

  it('answers 400 MULTIPLE_DEVICES_DEVICE_ID_REQUIRED without a deviceId and 404 NO_DEVICES with none', async () => {
    const many = await postJson(env.url, '/snapshot', {});
    assert.equal(many.status, 400);
    assert.equal(many.body.error?.code, 'MULTIPLE_DEVICES_DEVICE_ID_REQUIRED');
    // The hint says how to name a device in a request, not only on the command line.
    const error = many.body.error as { hint?: string; details?: { connected?: string[] } } | undefined;
    assert.match(error?.hint ?? '', /deviceId in an HTTP body/);
    assert.equal(error?.details?.connected?.length, env.lab.devices.length);
    for (const device of [...env.lab.devices]) await env.lab.removeDevice(device);
    const none = await postJson(env.url, '/screenshot', {});
    assert.equal(none.status, 404);
    assert.equal(none.body.error?.code, 'NO_DEVICES');
  });
});

interface ExecutionEvent {
  deviceId: string | null;
  input: unknown;
  result: { ok: boolean; error?: { code: string } };
}
interface ResultEvent {
  deviceId: string;
  envelope: { commandId: string; status: string };
}

function count(frames: { event: string }[], event: string): number {
  return frames.filter((f) => f.event === event).length;
}
