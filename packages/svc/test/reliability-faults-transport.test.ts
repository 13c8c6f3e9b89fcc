// Fault matrix, transport and host half: the device dropping its connection, going offline or unauthorized, the adb
// server dying mid-execution, an SSE client vanishing, screenshots that cannot be written, and two CLI processes
// racing the server for one device. Each asserts the documented outcome, exactly one answer, the lock released and
// nothing leaked. (The daemon killed mid-dispatch belongs to the daemon suite.)
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertRecovered, type FaultBench, openFaultBench } from './fault-bench.ts';
import { assertNoLeaks, leakSnapshot, recordDeviceWindows, sleeps, waitFor } from './reliability-helpers.ts';
import { runCliJson } from './run-cli.ts';
import { postJson } from './server-helpers.ts';
import { connectSse } from './sse-client.ts';

let bench: FaultBench;
const sim = () => bench.env.lab.devices[0]!;
const execute = (execution: Record<string, unknown>) => bench.execute(execution);

before(async () => {
  bench = await openFaultBench();
});
after(() => bench.close());

describe('fault matrix on the transport (server + real adb + simulator)', () => {
  it('the leak probe sees a running execution: a lock file and a device-side log follow', async () => {
    const pending = execute(sleeps([600]));
    await waitFor('the execution to hold the device', () => {
      const now = leakSnapshot(bench.env.lab);
      return now.lockFiles.length === 1 && now.deviceCommands >= 1;
    });
    assert.equal((await pending).status, 200);
    await assertNoLeaks(bench.env.lab, bench.baseline);
  });

  it('a device that drops its connection mid-execution still delivers its one envelope', async () => {
    sim().faults.set('disconnect_mid_execution');
    const execution = sleeps([0, 400]);
    const response = await execute(execution);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal((response.body.envelope as { status: string }).status, 'success');
    await waitFor('svc:result', () => bench.events.resultsFor(execution.commandId).length === 1);
    await bench.env.lab.waitForState(sim().serial, 'device');
    await assertRecovered(bench);
    assert.equal(bench.events.resultsFor(execution.commandId).length, 1);
  });

  for (const state of ['offline', 'unauthorized'] as const) {
    it(`a device going ${state} mid-execution ends in one DEVICE_DISCONNECTED within seconds; new runs are refused until it is back`, async () => {
      const serial = sim().serial;
      // A long execution: the answer must come from noticing the device left, not from its deadline.
      const execution = sleeps([800], { timeoutMs: 60_000 });
      const pending = execute(execution);
      await waitFor('the broadcast', () => sim().device.commandLog.some((c) => c.includes(execution.commandId)));
      sim().setState(state);
      const response = await pending;
      assert.equal(response.status, 503, JSON.stringify(response.body));
      assert.equal(response.body.error?.code, 'DEVICE_DISCONNECTED');
      assert.equal(response.body.error?.details?.adbState, state);
      await bench.env.lab.waitForState(serial, state);
      const refused = await postJson(bench.env.url, '/execute', { execution: sleeps([0]), deviceId: serial });
      // A named device adb lists but cannot use is refused with its state's code (FH-1), HTTP 409.
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error?.code, state === 'offline' ? 'DEVICE_OFFLINE' : 'DEVICE_UNAUTHORIZED');
      sim().setState('device');
      await bench.env.lab.waitForState(serial, 'device');
      await assertRecovered(bench);
      assert.equal(bench.events.resultsFor(execution.commandId).length, 1);
    });
  }

  it('the adb server killed mid-execution gives one answer (envelope or timeout), and once adb is back the next run succeeds', async () => {
    const execution = sleeps([1500], { timeoutMs: 2000 });
    const pending = execute(execution);
    await waitFor('the broadcast', () => sim().device.commandLog.some((c) => c.includes(execution.commandId)));
    await bench.env.lab.adb('kill-server');
    const response = await pending;
    // The envelope was written while no adb server could carry it: a timeout, or the device seen gone from the
    // restarted adb server (which no longer knows it), never a crash or a hang.
    assert.ok([200, 503, 504].includes(response.status), JSON.stringify(response.body));
    if (response.status === 504) assert.equal(response.body.error?.code, 'RESULT_ENVELOPE_TIMEOUT');
    if (response.status === 503)
      assert.match(response.body.error?.code ?? '', /^(DEVICE_DISCONNECTED|ADB_SERVER_LOST)$/);
    // The server is running again (svc restarted it); the device must be reconnected as after any adb restart.
    await bench.env.lab.adb('connect', sim().serial);
    await bench.env.lab.waitForState(sim().serial, 'device');
    await assertRecovered(bench);
    await waitFor('svc:result', () => bench.events.resultsFor(execution.commandId).length === 1);
    await sleep(100);
    assert.equal(bench.events.resultsFor(execution.commandId).length, 1);
  });

  it('an SSE client vanishing mid-execution neither breaks the execution nor keeps a subscription', async () => {
    const before = bench.env.serverApp.bus.subscriberCount;
    const sse = await connectSse(`${bench.env.url}/events`);
    assert.equal((await sse.next())?.event, 'heartbeat');
    await waitFor('the subscription', () => bench.env.serverApp.bus.subscriberCount === before + 1);
    const execution = sleeps([300]);
    const pending = execute(execution);
    await waitFor('the broadcast', () => sim().device.commandLog.some((c) => c.includes(execution.commandId)));
    sse.close();
    assert.equal((await pending).status, 200);
    await waitFor('the subscription to go', () => bench.env.serverApp.bus.subscriberCount === before);
    await waitFor('svc:result', () => bench.events.resultsFor(execution.commandId).length === 1);
    await assertRecovered(bench);
  });

  for (const [label, pathOf] of [
    [
      'a path under a regular file (unwritable)',
      async () => {
        const file = join(bench.env.lab.home, 'not-a-dir');
        await writeFile(file, 'x');
        return join(file, 'shot.png');
      },
    ],
    ['a full disk (/dev/full)', async () => '/dev/full'],
  ] as const) {
    it(`a screenshot to ${label} fails only that step with SCREENSHOT_CAPTURE_FAILED`, async () => {
      const path = await pathOf();
      const execution = {
        ...sleeps([0]),
        actions: [
          { id: 'shot', type: 'take_screenshot', params: { path } },
          { id: 'nap', type: 'sleep', params: { durationMs: 0 } },
        ],
      };
      const response = await execute(execution);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const steps = (response.body.envelope as { stepResults: { success: boolean; data: Record<string, string> }[] })
        .stepResults;
      assert.deepEqual(
        steps.map((s) => [s.success, s.data.error ?? null]),
        [
          [false, 'SCREENSHOT_CAPTURE_FAILED'],
          [true, null],
        ],
      );
      await waitFor('svc:result', () => bench.events.resultsFor(execution.commandId).length === 1);
      await assertRecovered(bench);
    });
  }

  it('two CLI processes and the server racing for one device never overlap on it, and each gets one answer', async () => {
    const windows = recordDeviceWindows(sim());
    const cliEnv = { ...bench.env.lab.env, PATH: process.env.PATH };
    const dir = join(bench.env.lab.home, 'race');
    await mkdir(dir, { recursive: true });
    const runs = await Promise.all([
      runCliJson(['execute', JSON.stringify(sleeps([2500])), '--no-daemon'], { env: cliEnv, cwd: dir }),
      runCliJson(['execute', JSON.stringify(sleeps([2500])), '--no-daemon'], { env: cliEnv, cwd: dir }),
      ...[0, 700, 1400].map(async (delay) => {
        await sleep(delay);
        return execute(sleeps([2500]));
      }),
    ]);
    const outcomes = runs.map((r) =>
      'json' in r
        ? r.json.ok === true
          ? 'ok'
          : r.json.code
        : r.status === 200
          ? 'ok'
          : (r.body.error?.code ?? String(r.status)),
    );
    for (const outcome of outcomes) assert.ok(['ok', 'EXECUTION_CONFLICT_IN_FLIGHT'].includes(outcome), outcome);
    assert.ok(outcomes.includes('ok'), outcomes.join());
    // Mutual exclusion on the device itself: no two executions ran at the same time.
    const spans = [...windows.values()].filter((w) => w.end !== undefined).sort((a, b) => a.start - b.start);
    assert.equal(spans.length, outcomes.filter((o) => o === 'ok').length);
    for (let i = 1; i < spans.length; i++) {
      assert.ok((spans[i]?.start as number) >= (spans[i - 1]?.end as number), `overlap: ${JSON.stringify(spans)}`);
    }
    await assertRecovered(bench);
  });
});
