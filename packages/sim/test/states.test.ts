// Device states as the adb server sees them: unauthorized (AUTH never accepted, or accepted later), offline (TCP
// accepted, CNXN never answered), switched at run time; a dropped transport comes back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../src/testing/free-port.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { eventually } from './helpers.ts';

describe('device states', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  it('lists a device that never accepts the key as unauthorized and refuses its commands', async () => {
    const sim = await lab.addDevice({ state: 'unauthorized' });
    const result = await lab.adb('-s', sim.serial, 'shell', 'true');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /unauthorized/);
    assert.equal(sim.device.commandLog.length, 0);
  });

  it('becomes a device when the user accepts the key after a delay', async () => {
    const sim = await lab.addDevice({ state: 'unauthorized', acceptAuthAfterMs: 300 });
    await lab.waitForState(sim.serial, 'device');
    assert.equal((await lab.adb('-s', sim.serial, 'shell', 'true')).code, 0);
  });

  it('lists a device that accepts TCP but never answers CNXN as offline', async () => {
    const sim = await lab.addDevice({ state: 'offline' });
    const result = await lab.adb('-s', sim.serial, 'shell', 'true');
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /offline/);
  });

  it('switches a running device between device, unauthorized and offline', async () => {
    const sim = await lab.addDevice();
    sim.setState('unauthorized');
    await lab.waitForState(sim.serial, 'unauthorized');
    sim.setState('device');
    await lab.waitForState(sim.serial, 'device');
    sim.setState('offline');
    await lab.waitForState(sim.serial, 'offline');
    sim.setState('device');
    await lab.waitForState(sim.serial, 'device');
    assert.equal((await lab.adb('-s', sim.serial, 'shell', 'exit 3')).code, 3);
  });

  it('switches a running device to unauthorized that accepts the key after a delay', async () => {
    const sim = await lab.addDevice();
    sim.setState('unauthorized', { acceptAuthAfterMs: 1500 });
    await lab.waitForState(sim.serial, 'unauthorized');
    await lab.waitForState(sim.serial, 'device');
    assert.equal((await lab.adb('-s', sim.serial, 'shell', 'exit 6')).code, 6);
  });

  it('listens on the port it is given', async () => {
    const port = await freePort();
    const sim = await lab.addDevice({ port });
    assert.deepEqual([sim.port, sim.serial], [port, `127.0.0.1:${port}`]);
    assert.equal((await lab.adb('-s', `127.0.0.1:${port}`, 'shell', 'exit 9')).code, 9);
  });

  it('comes back after every transport was dropped', async () => {
    const sim = await lab.addDevice();
    const before = sim.device.commandLog.length;
    sim.disconnect();
    // adb notices the drop and reconnects on its own; a command succeeds again once it has.
    await eventually(async () => (await lab.adb('-s', sim.serial, 'shell', 'true')).code === 0, 'a reconnect');
    assert.ok(sim.device.commandLog.length > before);
  });

  it('serves 8 devices at once, each answering as itself', async () => {
    const sims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => lab.addDevice({ model: `Sim${i}`, ...(i === 7 ? { emulator: true } : {}) })),
    );
    const models = await Promise.all(
      sims.map(async (sim) => (await lab.adb('-s', sim.serial, 'shell', 'getprop ro.product.model')).stdout.trim()),
    );
    assert.deepEqual(
      models,
      sims.map((_, i) => `Sim${i}`),
    );
    const { stdout } = await lab.adb('devices');
    for (const sim of sims) assert.match(stdout, new RegExp(`^${sim.serial}\\tdevice$`, 'm'));
  });
});
