import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AdbDevice, AdbPort } from '../../adapters/adb/adb-port.ts';
import { cachePresence } from './presence-cache.ts';

/** A device whose installed packages the test changes; counts the shell commands it answered. */
function fakeAdb() {
  const installed = new Set(['com.svc.operator']);
  const devices: AdbDevice[] = [{ serial: 'd1', state: 'device' }];
  const commands: string[] = [];
  const port: AdbPort = {
    listDevices: async () => devices.map((d) => ({ ...d })),
    async shell(_serial, command) {
      commands.push(command);
      const pkg = /'([^']+)'/.exec(command)?.[1] ?? '';
      const lines = [...installed].filter((p) => p.includes(pkg)).map((p) => `package:${p}`);
      return { stdout: lines.join('\n'), stderr: '', exitCode: 0 };
    },
    execOut: async () => new Uint8Array(),
    push: async () => {},
    pull: async () => new Uint8Array(),
    streamBytes: async () => ({ chunks: (async function* () {})(), close: async () => {} }),
    close: async () => {},
  };
  return { port, installed, devices, commands };
}

const QUERY = "pm list packages 'com.svc.operator'";

test('a positive presence answer is reused until its time to live ends', async () => {
  const fake = fakeAdb();
  let clock = 0;
  const adb = cachePresence(fake.port, () => clock, 1000);
  const first = await adb.shell('d1', QUERY);
  const second = await adb.shell('d1', QUERY);
  assert.deepEqual(second, first);
  assert.equal(fake.commands.length, 1);
  clock = 1001;
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 2);
});

test('a negative answer is never cached, so an install is seen at once', async () => {
  const fake = fakeAdb();
  fake.installed.delete('com.svc.operator');
  fake.installed.add('com.svc.operator.dev'); // a substring hit is not the package
  const adb = cachePresence(fake.port, () => 0);
  assert.ok(!(await adb.shell('d1', QUERY)).stdout.split('\n').includes('package:com.svc.operator'));
  fake.installed.add('com.svc.operator');
  assert.ok((await adb.shell('d1', QUERY)).stdout.split('\n').includes('package:com.svc.operator'));
  assert.equal(fake.commands.length, 2);
});

test('invalidate, a package command and a device leaving the list each drop the cached answer', async () => {
  const fake = fakeAdb();
  const adb = cachePresence(fake.port, () => 0);
  await adb.shell('d1', QUERY);
  adb.invalidate('d1');
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 2);
  await adb.shell('d1', "pm uninstall 'com.other'");
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 4);
  fake.devices[0] = { serial: 'd1', state: 'offline' };
  await adb.listDevices();
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 5);
  await adb.shell('d1', 'echo other');
  await adb.shell('d1', 'echo other');
  assert.equal(fake.commands.length, 7, 'other commands are never cached');
});

test('a listing over several adb servers passes through with its silent servers, and prunes like a plain one', async () => {
  const fake = fakeAdb();
  const silent = [{ adbServer: 'h2:5037', hint: 'start it', cause: 'connect ECONNREFUSED' }];
  const port: AdbPort = {
    ...fake.port,
    listDevicesOfAll: async () => ({ devices: fake.devices.map((d) => ({ ...d })), silent }),
  };
  const adb = cachePresence(port, () => 0, 1000);
  assert.equal(cachePresence(fake.port).listDevicesOfAll, undefined, 'only where the port has it');
  await adb.shell('d1', QUERY);
  assert.deepEqual((await adb.listDevicesOfAll?.())?.silent, silent);
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 1, 'd1 is still listed: its presence stays cached');
  fake.devices.splice(0);
  await adb.listDevicesOfAll?.();
  await adb.shell('d1', QUERY);
  assert.equal(fake.commands.length, 2, 'd1 left the list: its presence is asked again');
});
