import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DaemonIdentity, identityMismatch } from './identity.ts';
import { daemonKey, daemonPaths, deviceKeyOfDaemonKey } from './paths.ts';

const mine: DaemonIdentity = {
  version: '1.2.3',
  buildIdentity: { entryPath: '/opt/svc/src/cli/main.ts', mtimeMs: 1000.5, size: 4242 },
  environment: { ADB_SERVER_SOCKET: 'tcp:127.0.0.1:5037', tmpDir: '/tmp' },
};

test('a daemon reporting the same version, build identity and environment matches', () => {
  assert.equal(identityMismatch(mine, structuredClone({ ...mine, pid: 7 })), undefined);
});

test('any difference in version, entry path, mtime, size or environment is a mismatch', () => {
  const b = mine.buildIdentity;
  const variants: unknown[] = [
    { ...mine, version: '1.2.4' },
    { ...mine, buildIdentity: { ...b, entryPath: '/other/main.ts' } },
    { ...mine, buildIdentity: { ...b, mtimeMs: 1000.6 } },
    { ...mine, buildIdentity: { ...b, size: 4243 } },
    { ...mine, environment: { ...mine.environment, adbServers: '127.0.0.1:5038' } },
  ];
  for (const variant of variants) assert.notEqual(identityMismatch(mine, variant), undefined, JSON.stringify(variant));
});

test('invalid version data is a mismatch, never a match', () => {
  for (const bad of [null, 'x', {}, { version: 1 }, { version: '1.2.3' }, { version: '1.2.3', buildIdentity: null }]) {
    assert.notEqual(identityMismatch(mine, bad), undefined, JSON.stringify(bad));
  }
});

test('the daemon key is id- plus base64url of the serial, and names the serial back', () => {
  assert.equal(deviceKeyOfDaemonKey(daemonKey('emulator-5554')), 'emulator-5554');
  assert.equal(deviceKeyOfDaemonKey('default'), undefined, 'keys of older versions name no device');
  assert.equal(daemonKey('emulator-5554'), `id-${Buffer.from('emulator-5554').toString('base64url')}`);
  // Serials that differ only in characters a file name would mangle get different keys.
  assert.notEqual(daemonKey('a/b'), daemonKey('a_b'));
  assert.notEqual(daemonKey('a+b'), daemonKey('a-b'));
  assert.match(daemonKey('192.168.0.7:5555/ü?'), /^id-[A-Za-z0-9_-]+$/);
  const paths = daemonPaths('/home/u', 'x', { ADB_SERVER_SOCKET: 'tcp:localhost:5038' });
  assert.equal(paths.socket, `/home/u/.svc/daemon/daemon-${daemonKey('127.0.0.1:5038/x')}.sock`);
  assert.equal(paths.serial, 'x');
});
