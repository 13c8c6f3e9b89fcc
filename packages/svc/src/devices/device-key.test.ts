import assert from 'node:assert/strict';
import { test } from 'node:test';
import { environmentIdentity } from '../daemons/identity.ts';
import { deviceKeyOf } from './device-key.ts';

test('every spelling of one adb server and serial gives one key', () => {
  const ids = [
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:127.0.0.1:5038' }, 'emulator-5554'),
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:localhost:5038' }, 'emulator-5554'),
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:[::1]:5038' }, 'emulator-5554'),
    deviceKeyOf({ ANDROID_ADB_SERVER_PORT: '5038' }, 'emulator-5554'),
    deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:LocalHost:5038' }, 'emulator-5554'),
    deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:localhost:5038,tcp:10.0.0.2:5037' }, 'localhost:5038/emulator-5554'),
    deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:127.0.0.1:5038,tcp:10.0.0.2:5037' }, '127.0.0.1:5038/emulator-5554'),
  ].map((key) => key?.id);
  assert.deepEqual(new Set(ids), new Set(['127.0.0.1:5038/emulator-5554']));
});

test('other servers, ports and serials keep their own keys', () => {
  const ids = [
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:127.0.0.1:5038' }, 'emulator-5556'),
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:127.0.0.1:5039' }, 'emulator-5554'),
    deviceKeyOf({ ADB_SERVER_SOCKET: 'tcp:10.0.0.2:5038' }, 'emulator-5554'),
    deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:h1:5037,tcp:h2:5037' }, 'h2:5037/emulator-5554'),
    deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:[fe80::1]:5037,tcp:h2:5037' }, '[fe80::1]:5037/emulator-5554'),
  ].map((key) => key?.id);
  assert.equal(new Set(ids).size, ids.length, JSON.stringify(ids));
});

test('a plain serial among several servers has no key until the device is resolved', () => {
  assert.equal(deviceKeyOf({ SVC_ADB_SERVERS: 'tcp:h1:5037,tcp:h2:5037' }, 'emulator-5554'), undefined);
});

test("a daemon's identity names its adb server one way, whichever spelling started it", () => {
  assert.deepEqual(
    environmentIdentity({ ADB_SERVER_SOCKET: 'tcp:localhost:5038', TMPDIR: '/t' }),
    environmentIdentity({ ANDROID_ADB_SERVER_PORT: '5038', TMPDIR: '/t' }),
  );
  assert.notDeepEqual(
    environmentIdentity({ ADB_SERVER_SOCKET: 'tcp:localhost:5038', TMPDIR: '/t' }),
    environmentIdentity({ ADB_SERVER_SOCKET: 'tcp:localhost:5039', TMPDIR: '/t' }),
  );
});
