// Unit tests of the doctor's pure rules and of what the simulator cannot show (a shell that does not answer).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FakeAdb, ok } from '../adapters/adb/fake-adb.test-helper.ts';
import { createContext } from '../core/context.ts';
import { parseJavaMajor } from './checks/build.ts';
import { checkCapability } from './checks/device.ts';
import { checkNodeVersion } from './checks/host.ts';
import { checkCompatibility, majorMinor, parseDumpsysVersion } from './compatibility.ts';

describe('doctor rules', () => {
  test('host.node.version passes on Node 22 and later and fails older majors with NODE_TOO_OLD', () => {
    assert.equal(checkNodeVersion('22.12.0').status, 'pass');
    assert.equal(checkNodeVersion('24.0.0').status, 'pass');
    assert.equal(checkNodeVersion('25.1.0').status, 'pass');
    const old = checkNodeVersion('20.11.1');
    assert.deepEqual([old.status, old.code], ['fail', 'NODE_TOO_OLD']);
    assert.equal(old.evidence?.nodeVersion, '20.11.1');
    assert.equal(checkNodeVersion('garbage').code, 'NODE_TOO_OLD');
  });

  test('java -version output gives the major version for both the old 1.x and the modern scheme', () => {
    assert.equal(parseJavaMajor('openjdk version "17.0.15" 2025-04-15'), 17);
    assert.equal(parseJavaMajor('java version "1.8.0_292"'), 8);
    assert.equal(parseJavaMajor('openjdk version "21" 2023-09-19'), 21);
    assert.equal(parseJavaMajor('no version here'), undefined);
  });

  test('compatibility is major.minor equality and ignores -d, -dev and other suffixes of the operator version', () => {
    const base = { cliVersion: '1.4.2', operatorPackage: 'com.svc.operator' };
    assert.equal(checkCompatibility({ ...base, apkVersion: '1.4.0' }).compatible, true);
    assert.equal(checkCompatibility({ ...base, apkVersion: '1.4.9-dev' }).compatible, true);
    assert.equal(checkCompatibility({ ...base, apkVersion: '1.4.9-d' }).compatible, true);
    const minor = checkCompatibility({ ...base, apkVersion: '1.5.0' });
    assert.deepEqual([minor.compatible, minor.code, minor.apkMajorMinor], [false, 'VERSION_INCOMPATIBLE', '1.5']);
    assert.match(minor.remediation ?? '', /1\.4\.x/);
    assert.equal(checkCompatibility({ ...base, apkVersion: undefined }).code, 'APK_VERSION_UNREADABLE');
    assert.equal(checkCompatibility({ ...base, apkVersion: '  ' }).code, 'APK_VERSION_UNREADABLE');
    assert.equal(checkCompatibility({ ...base, apkVersion: '1.4' }).code, 'APK_VERSION_INVALID');
  });

  test('a CLI version that is not semantic is CLI_VERSION_INVALID whatever the operator reports', () => {
    const verdict = checkCompatibility({ cliVersion: 'dev', apkVersion: '1.0.0', operatorPackage: 'p' });
    assert.deepEqual([verdict.compatible, verdict.code], [false, 'CLI_VERSION_INVALID']);
    assert.equal(majorMinor('v2.10.3'), '2.10');
  });

  test('dumpsys package output gives the first versionName and versionCode lines', () => {
    const out = 'Packages:\n  Package [p] (1):\n    versionCode=42 minSdk=24 targetSdk=35\n    versionName=1.2.3\n';
    assert.deepEqual(parseDumpsysVersion(out), { versionName: '1.2.3', versionCode: 42 });
    assert.deepEqual(parseDumpsysVersion('Unable to find package: p\n'), {});
    assert.deepEqual(parseDumpsysVersion('    versionName=\n'), {});
  });

  test('device.capability fails with DEVICE_SHELL_UNAVAILABLE when the shell does not answer', async () => {
    const adb = new FakeAdb();
    adb.handle = () => {
      throw new Error('closed');
    };
    const result = await checkCapability(createContext({ env: {}, adb }), 'fake-1');
    assert.deepEqual([result.status, result.code], ['fail', 'DEVICE_SHELL_UNAVAILABLE']);
  });

  test('device.capability fails without a code when the shell answers but metrics are unreadable', async () => {
    const adb = new FakeAdb();
    adb.handle = (_serial, command) => ok(command.startsWith('getprop') ? '35\n' : "cmd: Can't find service: window\n");
    const result = await checkCapability(createContext({ env: {}, adb }), 'fake-1');
    assert.equal(result.status, 'fail');
    assert.equal(result.code, undefined);
    assert.deepEqual(result.evidence, { sdk: '35', wmSize: '', wmDensity: '' });
  });

  test('device.capability reads the override size when wm reports one', async () => {
    const adb = new FakeAdb();
    adb.handle = (_serial, command) =>
      ok(
        command === 'getprop ro.build.version.sdk'
          ? '34\n'
          : command === 'wm size'
            ? 'Physical size: 1080x2400\nOverride size: 720x1600\n'
            : 'Physical density: 420\n',
      );
    const result = await checkCapability(createContext({ env: {}, adb }), 'fake-1');
    assert.deepEqual(result.evidence, { sdk: '34', wmSize: '720x1600', wmDensity: '420' });
  });
});
