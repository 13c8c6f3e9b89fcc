import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDevicesLong } from './device-list.ts';
import { followCommand, lastEntryLines, parseLogcatLine } from './logcat.ts';
import { adbServerAddress } from './server-address.ts';

test('ADB_SERVER_SOCKET wins over ANDROID_ADB_SERVER_PORT; default is 127.0.0.1:5037', () => {
  assert.deepEqual(adbServerAddress({}), { host: '127.0.0.1', port: 5037, local: true });
  assert.deepEqual(adbServerAddress({ ANDROID_ADB_SERVER_PORT: '6000' }), {
    host: '127.0.0.1',
    port: 6000,
    local: true,
  });
  assert.deepEqual(adbServerAddress({ ADB_SERVER_SOCKET: 'tcp:farm.example:5037', ANDROID_ADB_SERVER_PORT: '6000' }), {
    host: 'farm.example',
    port: 5037,
    local: false,
  });
  assert.deepEqual(adbServerAddress({ ADB_SERVER_SOCKET: 'tcp:7000' }), { host: '127.0.0.1', port: 7000, local: true });
});

test('devices -l lines keep every state, including ones with spaces', () => {
  const text =
    'emulator-5554          device product:sdk model:Pixel_7 device:emu transport_id:3\n' +
    '0123456789ABCDEF       no permissions (user not in plugdev group) usb:1-1 transport_id:4\n' +
    '127.0.0.1:5555         offline transport_id:5\n';
  assert.deepEqual(parseDevicesLong(text), [
    {
      serial: 'emulator-5554',
      state: 'device',
      transportId: 3n,
      attributes: { product: 'sdk', model: 'Pixel_7', device: 'emu' },
    },
    {
      serial: '0123456789ABCDEF',
      state: 'no permissions (user not in plugdev group)',
      transportId: 4n,
      attributes: { usb: '1-1' },
    },
    { serial: '127.0.0.1:5555', state: 'offline', transportId: 5n, attributes: {} },
  ]);
});

test('logcat -v epoch -v usec -v uid lines parse with padded tags, messages holding colons and named uids', () => {
  // liblog logprint.cpp: the uid prints as a name of at most 5 characters (`shell`, `root`, `u0_a5`) or a number.
  assert.deepEqual(parseLogcatLine('1700000000.123456 10123  1234  1250 I SvcOperator: [svc-Result] {"a":"b: c"}'), {
    epoch: '1700000000.123456',
    uid: 10123,
    pid: 1234,
    tid: 1250,
    priority: 'I',
    tag: 'SvcOperator',
    message: '[svc-Result] {"a":"b: c"}',
  });
  assert.equal(parseLogcatLine('1.000001 shell 20001 20001 I SvcOperator: x')?.uid, 2000);
  assert.equal(parseLogcatLine('1.000001  root     1     1 I SvcOperator: x')?.uid, 0);
  assert.equal(parseLogcatLine('1.000001 u0_a5  4000  4000 I SvcOperator: x')?.uid, 10005);
  assert.equal(parseLogcatLine('1.000001 u10_a5  4000  4000 I SvcOperator: x')?.uid, 1010005);
  assert.equal(parseLogcatLine('1.000001 bogus  4000  4000 I SvcOperator: x')?.uid, undefined);
  // An entry without a uid (6 spaces): the pid is still read, the uid is unknown.
  assert.deepEqual(
    { ...parseLogcatLine('1.000001        4000  4001 I SvcOperator: x') },
    { epoch: '1.000001', uid: undefined, pid: 4000, tid: 4001, priority: 'I', tag: 'SvcOperator', message: 'x' },
  );
  // The newest entry may be several printed lines (a multi-line message): every one of them is the bound.
  const newest = lastEntryLines(
    '--------- beginning of main\n1.000000 0 1 1 D x: y\n2.500000 0 1 1 D z: a\n2.500000 0 1 1 D z: b\n',
  );
  assert.deepEqual(
    newest.map((e) => [e.epoch, e.message]),
    [
      ['2.500000', 'a'],
      ['2.500000', 'b'],
    ],
  );
  // The follow reads records (`-B`), with no tag filter: the operator's tags are class names (renamed in release
  // builds) and its UI hierarchy is a debug entry (clawperator TaskScopeDefault.kt:248 @ v0.5.2).
  assert.equal(followCommand('2.500000'), "logcat -B -T '2.500000'");
});
