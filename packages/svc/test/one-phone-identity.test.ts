// One phone, one lock, whatever adb calls it: a network phone connected as both `127.0.0.1:P` and `localhost:P` is
// two serials on one adb server, and one phone attached to two adb servers is a serial on each; each name once had a
// lock of its own, and two executions ran on the phone at once (issue 36). The lock is keyed by what the device says
// it is (its ro.serialno and boot id), so executions under the two names take turns. The simulated phone answers
// both from one identity of its own, whichever connection asks (packages/sim device.ts, DeviceIdentity).
// Through real adb; the device itself records when each execution ran (its broadcast to its result line).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { normalizeAndValidateExecution } from '../src/contracts/validate.ts';
import { createContext, type SvcContext } from '../src/core/context.ts';
import { IDENTITY_COMMAND } from '../src/devices/device-identity.ts';
import { runOnDevice } from '../src/executions/run-on-device.ts';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { recordDeviceWindows, waitFor } from './reliability-helpers.ts';
import { runCliJson } from './run-cli.ts';

describe('one phone under two names', () => {
  let lab: Lab;
  let second: Lab;
  let sim: SimDevice;
  let localhostName: string;
  const contexts: SvcContext[] = [];

  before(async () => {
    [lab, second] = await Promise.all([createLab({ devices: [{}] }), createLab()]);
    sim = lab.devices[0] as SimDevice;
    localhostName = `localhost:${sim.port}`;
    const named = await lab.adb('connect', localhostName);
    assert.match(named.stdout, /connected to/, named.stderr);
    await lab.waitForState(localhostName, 'device');
    const attached = await second.adb('connect', sim.serial);
    assert.match(attached.stdout, /connected to/, attached.stderr);
    await second.waitForState(sim.serial, 'device');
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await Promise.all(contexts.map((ctx) => ctx.close()));
    await lab?.adb('disconnect', localhostName).catch(() => {});
    await second?.adb('disconnect', sim?.serial ?? '').catch(() => {});
    await Promise.all([lab?.close(), second?.close()]);
  });

  /** A process on `which` adb server, of one user (one HOME, where the locks live). */
  const contextOn = (which: Lab) => {
    const ctx = createContext({ env: { ...process.env, ...which.env, HOME: lab.home }, cwd: lab.home });
    contexts.push(ctx);
    return ctx;
  };

  let count = 0;
  async function nap(ctx: SvcContext, deviceId: string) {
    const commandId = `identity-${++count}`;
    const outcome = normalizeAndValidateExecution({
      commandId,
      taskId: commandId,
      source: 'identity-test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 20_000,
      actions: [{ id: 'nap', type: 'sleep', params: { durationMs: 1500 } }],
    });
    if (!outcome.ok) throw outcome.error;
    return runOnDevice(ctx, {
      execution: outcome.execution,
      target: { deviceId, operatorPackage: 'com.svc.operator', driver: 'operator' },
      waitDeviceMs: 30_000,
    });
  }

  /** Runs one execution under each name at once; both succeed, and the device ran them one after the other. */
  async function takeTurns(first: [SvcContext, string], other: [SvcContext, string]) {
    const windows = recordDeviceWindows(sim);
    const results = await Promise.all([nap(...first), nap(...other)]);
    for (const result of results) assert.equal(result.ok, true, JSON.stringify(result));
    const spans = [...windows.values()].sort((a, b) => a.start - b.start);
    assert.equal(spans.length, 2);
    const [earlier, later] = spans as [{ start: number; end?: number }, { start: number; end?: number }];
    assert.ok(earlier.end !== undefined && later.start >= earlier.end, `overlap: ${JSON.stringify(spans)}`);
  }

  test('the phone answers who it is the same under every name and over both adb servers', async () => {
    const ask = (ctx: SvcContext, name: string) => ctx.adb.shell(name, IDENTITY_COMMAND).then((out) => out.stdout);
    const answers = await Promise.all([
      ask(contextOn(lab), sim.serial),
      ask(contextOn(lab), localhostName),
      ask(contextOn(second), sim.serial),
    ]);
    assert.equal(new Set(answers).size, 1, JSON.stringify(answers));
    assert.match(answers[0] as string, /^\S+\n[0-9a-f-]{36}\n$/);
  });

  test('127.0.0.1:P and localhost:P on one adb server take turns', async () => {
    await takeTurns([contextOn(lab), sim.serial], [contextOn(lab), localhostName]);
  });

  test('the same phone on two adb servers takes turns', async () => {
    await takeTurns([contextOn(lab), sim.serial], [contextOn(second), sim.serial]);
  });

  test('both names reach one daemon through the CLI, and a call under one name waits for the other', async () => {
    const cli = (args: string[]) => runCliJson(args, { env: lab.env });
    const windows = recordDeviceWindows(sim);
    assert.equal((await cli(['sleep', '0', '--device', sim.serial])).code, 0);
    assert.equal((await cli(['sleep', '0', '--device', localhostName])).code, 0);
    let pid: number | undefined;
    await waitFor(
      'one daemon to run',
      async () => {
        const listed = await cli(['daemon', 'list']);
        const running = listed.json.daemons.filter((d: { status: string }) => d.status === 'running');
        assert.equal(running.length, 1, listed.stdout);
        pid = running[0].pid;
        return pid !== undefined;
      },
      30_000,
    );
    const both = await Promise.all([
      cli(['sleep', '1500', '--device', sim.serial, '--wait-device-ms', '30000']),
      cli(['sleep', '1500', '--device', localhostName, '--wait-device-ms', '30000']),
    ]);
    for (const run of both) assert.equal(run.code, 0, run.stdout);
    const statuses = await Promise.all(
      [sim.serial, localhostName].map((name) => cli(['daemon', 'status', '--device', name])),
    );
    assert.deepEqual(
      statuses.map((status) => status.json.daemon.pid),
      [pid, pid],
    );
    const spans = [...windows.values()].filter((w) => w.end !== undefined).sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++) {
      assert.ok((spans[i]?.start as number) >= (spans[i - 1]?.end as number), `overlap: ${JSON.stringify(spans)}`);
    }
  });
});
