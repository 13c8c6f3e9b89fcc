// The adb adapter through a real adb server and a simulated device: shell protocol v2 exit codes and stderr,
// exec-out bytes, the device list, and starting a server / ADB_NOT_FOUND when none runs.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { freePort } from '../../sim/src/testing/free-port.ts';
import { createAdbServerPort } from '../src/adapters/adb/adb-server-port.ts';
import { nodeProcessRunner } from '../src/adapters/process/process-runner.ts';
import { SvcError } from '../src/contracts/errors.ts';

let lab: Lab;
before(async () => {
  lab = await createLab({ devices: [{}] });
});
after(() => lab.close());

test('lists the devices of the server named by ADB_SERVER_SOCKET with their states', async () => {
  const adb = createAdbServerPort({ ...lab.env, ANDROID_ADB_SERVER_PORT: '1' }, nodeProcessRunner);
  assert.deepEqual(await adb.listDevices(), [
    { serial: lab.devices[0]?.serial, state: 'device', product: 'pixel_7', model: 'Pixel_7', device: 'pixel_7' },
  ]);
});

test('shell over protocol v2 gives the real exit status and a separate stderr', async () => {
  const adb = createAdbServerPort(lab.env, nodeProcessRunner);
  const serial = lab.devices[0]?.serial as string;
  assert.deepEqual(await adb.shell(serial, 'echo hello'), { stdout: 'hello\n', stderr: '', exitCode: 0 });
  assert.deepEqual(await adb.shell(serial, 'echo oops >&2; exit 3'), { stdout: '', stderr: 'oops\n', exitCode: 3 });
  assert.equal((await adb.shell(serial, 'exit 42')).exitCode, 42);
});

test('an unknown serial fails with DEVICE_NOT_FOUND', async () => {
  const adb = createAdbServerPort(lab.env, nodeProcessRunner);
  await assert.rejects(adb.shell('127.0.0.1:1', 'true'), (e) => e instanceof SvcError && e.code === 'DEVICE_NOT_FOUND');
});

test('with no server on the port and no adb binary: ADB_NOT_FOUND', async () => {
  const port = await freePort();
  const adb = createAdbServerPort(
    { HOME: lab.home, ANDROID_ADB_SERVER_PORT: String(port), PATH: '/nonexistent', SVC_ADB_PATH: '' },
    nodeProcessRunner,
  );
  await assert.rejects(adb.listDevices(), (e) => e instanceof SvcError && e.code === 'ADB_NOT_FOUND');
});

test('with no server on the port, starts one with the adb binary and answers', async () => {
  const port = await freePort();
  const env = { HOME: lab.home, PATH: process.env.PATH ?? '', ANDROID_ADB_SERVER_PORT: String(port) };
  const adb = createAdbServerPort(env, nodeProcessRunner);
  try {
    assert.deepEqual(await adb.listDevices(), []);
  } finally {
    await nodeProcessRunner.run('adb', ['-P', String(port), 'kill-server'], { env });
  }
});
