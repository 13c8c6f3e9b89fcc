// A wait for the device (--wait-device-ms, waitDeviceMs) waits through a device that is there but briefly not usable:
// offline for a moment, or its adb server restarting (killed, then started again and the device reconnected).
// Without a wait the same moment fails at once, as before. Through the real CLI (directly and through the device's
// daemon) and over HTTP, real adb and a simulated device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCliJson } from './run-cli.ts';
import { type LabServer, postJson, startLabServer } from './server-helpers.ts';

describe('waiting for a device that is briefly not usable', () => {
  let lab: Lab;
  let sim: SimDevice;
  const svc = (...args: string[]) => runCliJson(args, { env: lab.env });

  before(async () => {
    lab = await createLab({ devices: [{}] });
    sim = lab.devices[0] as SimDevice;
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });

  /** Takes the device offline now (as adb lists it). */
  async function goOffline(): Promise<void> {
    sim.setState('offline');
    await lab.waitForState(sim.serial, 'offline');
  }

  test('an offline device fails at once without a wait, and is waited for with one (direct and via the daemon)', async () => {
    // The device's daemon is up first, so the second call takes the hot path straight to it.
    assert.equal((await svc('snapshot', '--device', sim.serial)).code, 0);
    await goOffline();
    const refused = await svc('snapshot', '--device', sim.serial, '--no-daemon');
    assert.equal(refused.json.code, 'DEVICE_OFFLINE', refused.stdout);
    sim.setState('device');
    await lab.waitForState(sim.serial, 'device');
    for (const via of [['--no-daemon'], []]) {
      await goOffline();
      const back = sleep(1500).then(() => sim.setState('device'));
      const waited = await svc('snapshot', '--device', sim.serial, '--wait-device-ms', '30000', ...via);
      await back;
      assert.equal(waited.code, 0, `${via}: ${waited.stdout}`);
      assert.equal(waited.json.succeeded, true);
      await lab.waitForState(sim.serial, 'device');
    }
  });

  test('a restart of the adb server is waited through with a wait, and fails at once without', async () => {
    await lab.adb('kill-server');
    const refused = await svc('snapshot', '--device', sim.serial, '--no-daemon');
    assert.equal(refused.code, 1);
    assert.match(refused.json.code, /^(DEVICE_NOT_FOUND|NO_DEVICES)$/, refused.stdout);

    await lab.adb('kill-server');
    const waiting = svc('snapshot', '--device', sim.serial, '--no-daemon', '--wait-device-ms', '30000');
    await sleep(500);
    await lab.adb('start-server');
    await lab.adb('connect', sim.serial);
    const waited = await waiting;
    assert.equal(waited.code, 0, waited.stdout);
    assert.equal(waited.json.succeeded, true);
  });

  describe('over HTTP', () => {
    let server: LabServer;
    before(async () => {
      server = await startLabServer([{}]);
    });
    after(() => server?.close());

    test('waitDeviceMs waits through a device briefly offline', async () => {
      const device = server.lab.devices[0] as SimDevice;
      device.setState('offline');
      await server.lab.waitForState(device.serial, 'offline');
      const refused = await postJson(server.url, '/snapshot', { deviceId: device.serial });
      assert.equal(refused.body.error?.code, 'DEVICE_OFFLINE');
      const back = sleep(1500).then(() => device.setState('device'));
      const waited = await postJson(server.url, '/snapshot', { deviceId: device.serial, waitDeviceMs: 30_000 });
      await back;
      assert.equal(waited.status, 200, JSON.stringify(waited.body));
    });
  });
});
