// One phone, one execution at a time, however it is named: as `<server>/<serial>` (several adb servers configured)
// or as the plain serial (one), and with its adb server spelled `tcp:127.0.0.1:P` or `tcp:localhost:P`. The lock
// and the daemon are keyed by the phone (what it says it is), so a second name of a busy phone is refused like the
// first (one-phone-identity.test.ts: two serials of one phone, and one phone on two adb servers). Through the real
// CLI, real adb and a simulated device.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { waitFor } from './reliability-helpers.ts';
import { runCliJson } from './run-cli.ts';

describe('one phone named two ways', () => {
  let lab: Lab;
  let other: Lab;
  let sim: SimDevice;
  /** The lab's adb server as one adb server (the plain serial names the phone). */
  let plain: (spelling: string) => Record<string, string>;
  /** Both labs' servers configured: ids name their server. */
  let pooled: (spelling: string) => Record<string, string>;

  before(async () => {
    [lab, other] = await Promise.all([createLab({ devices: [{}] }), createLab()]);
    sim = lab.devices[0] as SimDevice;
    plain = (host) => ({ ...lab.env, ADB_SERVER_SOCKET: `tcp:${host}:${lab.adbPort}` });
    pooled = (host) => ({
      ...lab.env,
      SVC_ADB_SERVERS: `tcp:${host}:${lab.adbPort},tcp:127.0.0.1:${other.adbPort}`,
    });
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await Promise.all([lab?.close(), other?.close()]);
  });

  const locks = () => {
    try {
      return readdirSync(join(lab.home, '.svc', 'locks')).filter((name) => name.endsWith('.lock'));
    } catch {
      return [];
    }
  };

  /**
   * Runs a 15 s execution under the first name and, once it holds the phone, a snapshot under the second (long
   * enough for a second CLI to start on a loaded machine while the first still holds the phone).
   */
  async function busyThenOther(
    first: { env: Record<string, string>; device: string },
    second: { env: Record<string, string>; device: string },
    extra: string[] = [],
  ) {
    const busy = runCliJson(['sleep', '15000', '--device', first.device, ...extra], { env: first.env });
    await waitFor('the first execution to hold the phone', () => locks().length > 0, 20_000);
    const refused = await runCliJson(['snapshot', '--device', second.device, ...extra], { env: second.env });
    const done = await busy;
    assert.equal(done.code, 0, done.stdout);
    return refused;
  }

  test('the full id on a pool of adb servers and the plain serial on one are one phone', async () => {
    const refused = await busyThenOther(
      { env: pooled('127.0.0.1'), device: `127.0.0.1:${lab.adbPort}/${sim.serial}` },
      { env: plain('127.0.0.1'), device: sim.serial },
      ['--no-daemon'],
    );
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT', refused.stdout);
  });

  test('localhost and 127.0.0.1 name one adb server', async () => {
    const refused = await busyThenOther(
      { env: pooled('localhost'), device: `localhost:${lab.adbPort}/${sim.serial}` },
      { env: pooled('127.0.0.1'), device: `127.0.0.1:${lab.adbPort}/${sim.serial}` },
      ['--no-daemon'],
    );
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT', refused.stdout);
  });

  test('both spellings reach one daemon, which neither replaces', async () => {
    const refused = await busyThenOther(
      { env: plain('localhost'), device: sim.serial },
      { env: plain('127.0.0.1'), device: sim.serial },
    );
    assert.equal(refused.json.code, 'EXECUTION_CONFLICT_IN_FLIGHT', refused.stdout);
    // One daemon; on a loaded machine it may still be starting (no pid yet) when the calls above ran direct.
    let pid: number | undefined;
    await waitFor(
      'the one daemon to run',
      async () => {
        const listed = await runCliJson(['daemon', 'list'], { env: plain('127.0.0.1') });
        assert.equal(listed.json.daemons.length, 1, listed.stdout);
        pid = listed.json.daemons[0].status === 'running' ? listed.json.daemons[0].pid : undefined;
        return pid !== undefined;
      },
      30_000,
    );
    // The other spelling again: served by the same daemon, not a restarted one.
    const again = await runCliJson(['snapshot', '--device', sim.serial], { env: plain('localhost') });
    assert.equal(again.code, 0, again.stdout);
    const after = await runCliJson(['daemon', 'list'], { env: plain('localhost') });
    assert.deepEqual(
      after.json.daemons.map((d: { pid: number }) => d.pid),
      [pid],
    );
  });
});
