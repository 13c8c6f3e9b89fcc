import assert from 'node:assert/strict';
import { test } from 'node:test';
import { configuredServers, isMultiServer, parseServerSpec, serverLabel, splitDeviceId } from './adb-servers.ts';
import { SvcError } from './errors.ts';

test('SVC_ADB_SERVERS lists tcp:<host>:<port> servers in order, without repeats', () => {
  const env = { SVC_ADB_SERVERS: 'tcp:h1:5037, tcp:[::1]:5038,tcp:h1:5037' };
  assert.deepEqual(configuredServers(env)?.map(serverLabel), ['h1:5037', '[::1]:5038']);
  assert.equal(isMultiServer(env), true);
  assert.equal(isMultiServer({ SVC_ADB_SERVERS: 'tcp:h1:5037' }), false);
  assert.equal(configuredServers({ SVC_ADB_SERVERS: ' ' }), undefined);
});

test('a malformed server entry is EXECUTION_VALIDATION_FAILED naming the variable', () => {
  for (const bad of ['h1:5037', 'tcp:h1', 'tcp:h1:99999', 'udp:h1:5037']) {
    assert.equal(parseServerSpec(bad), undefined, bad);
    assert.throws(
      () => configuredServers({ SVC_ADB_SERVERS: bad }),
      (error: unknown) => error instanceof SvcError && error.details?.path === 'SVC_ADB_SERVERS',
    );
  }
});

test('a device id splits into its server and the serial, which may hold a colon of its own', () => {
  assert.deepEqual(splitDeviceId('h1:5037/emulator-5554'), { server: 'h1:5037', serial: 'emulator-5554' });
  assert.deepEqual(splitDeviceId('10.0.0.2:5037/192.168.1.5:5555'), {
    server: '10.0.0.2:5037',
    serial: '192.168.1.5:5555',
  });
  assert.deepEqual(splitDeviceId('[::1]:5037/R58M'), { server: '[::1]:5037', serial: 'R58M' });
  assert.equal(splitDeviceId('192.168.1.5:5555'), undefined);
  assert.equal(splitDeviceId('emulator-5554'), undefined);
});
