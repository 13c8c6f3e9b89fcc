// The operator app on the older Android releases it installs on (the published operator's modules declare minSdk
// 21). Two things real phones of those releases do differently, and the simulator plays:
// - Android 7 and older do not know `pm list packages -U` (the uid column came with Android 8.0's
//   PackageManagerShellCommand, "-U: also show the package UID"). Android 7's shell command prints "Error: Unknown
//   option: -U" on stdout and lists nothing; Android 5 and 6 (cmds/pm Pm.java runListPackages) print it on stderr.
//   The operator must still be found there, or `auto` would drive an Android 7 phone with adb beside a working
//   operator.
// - Android 5 and 6's logcat knows no `-v epoch` nor `-v uid` ("Invalid parameter epoch to -v", liblog logprint.c
//   android_log_formatFromString of those releases): no line can be traced to the app that wrote it, so the
//   operator's results cannot be trusted there. `auto` drives such a phone with adb, and `--driver operator` says
//   why at once instead of waiting out the result timeout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';

describe('the operator app on Android 5 to 7', () => {
  let lab: Lab;
  const device = (index: number) => lab.devices[index] as SimDevice;
  const svc = (index: number, ...args: string[]) =>
    runCliJson([...args, '--device', device(index).serial, '--no-daemon'], { env: lab.env });
  const broadcasts = (index: number) =>
    device(index)
      .device.commands.entries()
      .filter((entry) => /am broadcast/.test(JSON.stringify(entry))).length;

  before(async () => {
    lab = await createLab({
      devices: [
        { apiLevel: 25 },
        { apiLevel: 23 },
        { apiLevel: 21 },
        { apiLevel: 24, operator: { variant: 'clawperator' } },
      ],
    });
  });
  after(() => lab?.close());

  test('the device itself: pm refuses -U below Android 8, logcat refuses -v epoch below Android 7', async () => {
    const [seven, six] = [device(0).serial, device(1).serial];
    const onSeven = await lab.adb('-s', seven, 'shell', 'pm', 'list', 'packages', '-U');
    assert.match(onSeven.stdout, /^Error: Unknown option: -U$/m);
    assert.doesNotMatch(onSeven.stdout, /^package:/m);
    const onSix = await lab.adb('-s', six, 'shell', 'pm list packages -U 2>&1 >/dev/null');
    assert.match(onSix.stdout, /^Error: Unknown option: -U$/m);
    const logcat = await lab.adb('-s', six, 'shell', 'logcat -v epoch -d 2>&1');
    assert.match(logcat.stdout, /^Invalid parameter epoch to -v$/m);
    assert.doesNotMatch((await lab.adb('-s', seven, 'shell', 'logcat -v epoch -v uid -t 1 2>&1')).stdout, /Invalid/);
  });

  test('Android 7: the operator (ours or the published one) is found without -U, auto drives it, svc devices says so', async () => {
    const devices = await runCliJson(['devices'], { env: lab.env });
    const driverOf = (index: number) =>
      (devices.json as { serial: string; driver?: string }[]).find((d) => d.serial === device(index).serial)?.driver;
    assert.deepEqual(
      [driverOf(0), driverOf(1), driverOf(2), driverOf(3)],
      ['operator', 'adb', 'adb', 'operator'],
      devices.stdout,
    );
    // The published operator on Android 7.0 is found and driven the same way, nobody naming its package.
    const published = (devices.json as { serial: string; operatorPackage?: string }[]).find(
      (d) => d.serial === device(3).serial,
    );
    assert.equal(published?.operatorPackage, 'com.clawperator.operator');
    for (const index of [0, 3]) {
      const snapshot = await svc(index, 'snapshot');
      assert.equal(snapshot.code, 0, snapshot.stdout);
      assert.equal(snapshot.json.driver, 'operator');
      assert.ok(broadcasts(index) > 0, 'the execution went to the operator app');
    }
  });

  for (const index of [1, 2]) {
    test(`Android ${index === 1 ? 6 : 5}: auto drives it with adb; --driver operator says why not, before anything is sent`, async () => {
      const auto = await svc(index, 'snapshot');
      assert.equal(auto.code, 0, auto.stdout);
      assert.equal(auto.json.driver, 'adb');
      const forced = await svc(index, 'snapshot', '--driver', 'operator', '--operator-package', 'com.svc.operator');
      assert.equal(forced.code, 1, forced.stdout);
      assert.equal(forced.json.code, 'VERSION_INCOMPATIBLE', forced.stdout);
      assert.match(forced.json.message, /Android 6 or older.*needs Android 7\.0 \(API 24\) or later/s);
      assert.match(forced.json.hint, /--driver adb/);
      assert.equal(broadcasts(index), 0, 'nothing was dispatched to an operator whose results cannot be trusted');
    });
  }

  test('svc doctor on Android 6 with the operator: the adb driver is checked, the operator is a warning', async () => {
    const checkOf = (report: { checks: { id: string; status: string; code?: string }[] }, id: string) =>
      report.checks.find((c) => c.id === id);
    const auto = await svc(1, 'doctor');
    assert.equal(auto.json.criticalOk, true, auto.stdout);
    assert.equal(checkOf(auto.json, 'readiness.driver.adb')?.status, 'pass', auto.stdout);
    assert.deepEqual(
      [checkOf(auto.json, 'readiness.handshake')?.status, checkOf(auto.json, 'readiness.handshake')?.code],
      ['warn', 'VERSION_INCOMPATIBLE'],
    );
    const asked = await svc(1, 'doctor', '--driver', 'operator');
    assert.equal(asked.json.criticalOk, false, asked.stdout);
    assert.equal(checkOf(asked.json, 'readiness.handshake')?.status, 'fail');
    assert.match(JSON.stringify(checkOf(asked.json, 'readiness.handshake')), /--driver adb/);
    assert.equal(broadcasts(1), 0, 'no handshake was sent');
  });
});
