// The device toolbox reads every outcome of a device command, through the CLI and real adb on simulated devices: a
// device's error text is an error, never a success, also below Android 7, where adb gives no exit status (Android 5
// and 6 have no `cmd`: AOSP system/core/shell_and_utilities/README.md), and a payload (a clip, a log line) is never
// read as the device refusing. The device texts the simulator plays are cited in packages/sim/src/shell/commands
// (settings.ts: whyakari/TermuxDisableProcces#1; pm.ts: evdenis/adb_root#6, samolego/Canta#173,
// d4rken-org/sdmaid#220; clipboard.ts: callstack/agent-device#1645).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { reportAppCrash, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

describe('device toolbox: refusals of the device are errors', () => {
  let lab: Lab;
  let sim: SimDevice;
  const on = (device: SimDevice, ...args: string[]) =>
    runCliJson([...args, '--device', device.serial], { env: lab.env });
  const svc = (...args: string[]) => on(sim, ...args);
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    sim = lab.devices[0] as SimDevice;
  });
  after(async () => {
    await lab?.close();
  });

  test('apps on Android 6 says it cannot list them (no `cmd` there), never an empty list', async () => {
    await withDevice(lab, { operator: false, apiLevel: 23 }, async (old) => {
      const run = await on(old, 'apps');
      assert.equal(run.json.code, 'DEVICE_SHELL_UNAVAILABLE', run.stdout);
      assert.match(run.json.message, /Android 6\.0 \(API 23\)/);
      assert.match(run.json.hint, /svc open/);
      assert.equal((await on(old, 'apps', '--all')).json.code, 'DEVICE_SHELL_UNAVAILABLE');
    });
  });

  test("apps and uninstall: a package manager that does not answer is the device failing, not 'no app'", async () => {
    sim.device.props.set('svc.sim.package_service_down', '1');
    try {
      const apps = await svc('apps');
      assert.equal(apps.json.code, 'DEVICE_SHELL_UNAVAILABLE', apps.stdout);
      assert.match(apps.json.message, /Can't find service: package/);
      const removed = await svc('uninstall', 'com.android.settings');
      assert.equal(removed.json.code, 'DEVICE_SHELL_UNAVAILABLE', removed.stdout);
      assert.match(removed.json.message, /Can't find service: package/);
      assert.match(removed.json.hint, /starting/);
    } finally {
      sim.device.props.delete('svc.sim.package_service_down');
    }
    assert.ok(sim.device.packages.has('com.android.settings'));
  });

  test('the clipboard gives back text that reads like an error (it is the payload, not the device refusing)', async () => {
    sim.device.props.set('svc.sim.clipboard_shell', '1');
    try {
      for (const text of ['Access denied', 'java.lang.Exception: file not found', 'Unknown command: x\nsecond line']) {
        assert.equal((await svc('clipboard', 'set', text)).code, 0);
        const got = await svc('clipboard', 'get');
        assert.equal(got.code, 0, got.stdout);
        assert.equal(got.json.text, text);
      }
    } finally {
      sim.device.props.delete('svc.sim.clipboard_shell');
    }
    const stock = await svc('clipboard', 'get');
    assert.equal(stock.json.code, 'CLIPBOARD_UNAVAILABLE');
    assert.match(stock.json.message, /No shell command implementation\./);
    await withDevice(lab, { operator: false, apiLevel: 23 }, async (old) => {
      const refused = await on(old, 'clipboard', 'get');
      assert.equal(refused.json.code, 'CLIPBOARD_UNAVAILABLE', refused.stdout);
      assert.match(refused.json.message, /cmd: not found/);
    });
  });

  test('rotate on Android 6 fails with the words of a phone that refuses the settings write', async () => {
    await withDevice(lab, { operator: false, apiLevel: 23 }, async (old) => {
      old.device.props.set('svc.sim.settings_write_denied', '1');
      const run = await on(old, 'rotate', 'landscape');
      assert.equal(run.json.code, 'DEVICE_SHELL_UNAVAILABLE', run.stdout);
      assert.match(run.json.message, /SecurityException: Permission denial: writing to settings/);
      assert.notEqual(old.device.settings.system.get('user_rotation'), '1');
      old.device.props.delete('svc.sim.settings_write_denied');
      assert.equal((await on(old, 'rotate', 'landscape')).json.rotation, 1);
    });
  });

  test('uninstall of an updated system app says the factory version stays', async () => {
    const name = 'com.example.updated';
    sim.device.packages.set(name, {
      name,
      versionName: '2.0',
      versionCode: 2,
      thirdParty: false,
      apkPath: `/data/app/${name}-1/base.apk`,
      factory: { versionName: '1.0', versionCode: 1, apkPath: '/system/app/Updated/Updated.apk' },
    });
    const run = await svc('uninstall', name);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.uninstalled, false);
    assert.equal(run.json.resetToFactory, true);
    assert.equal(sim.device.packages.get(name)?.versionName, '1.0', 'the factory version is back');
    assert.equal((await svc('uninstall', name)).json.code, 'UNINSTALL_FAILED');
  });

  test('a device that does not tell its time: logs --since fails, crashes says deviceClock unknown', async () => {
    await withDevice(lab, { operator: false, missingCommands: ['date'] }, async (clockless) => {
      const logs = await on(clockless, 'logs', '--since', '10m');
      assert.equal(logs.json.code, 'DEVICE_SHELL_UNAVAILABLE', logs.stdout);
      assert.equal(logs.json.details.path, 'since');
      assert.equal(
        (await on(clockless, 'logs', '--since', '2026-01-01T00:00:00Z')).code,
        0,
        'an ISO time needs no clock',
      );
      reportAppCrash(clockless.device, {
        package: 'com.example.crashy',
        exception: 'java.lang.Error: boom',
        frames: [],
      });
      const crashes = await on(clockless, 'crashes');
      assert.equal(crashes.code, 0, crashes.stdout);
      assert.equal(crashes.json.deviceClock, 'unknown');
      assert.equal(crashes.json.count, 1);
      assert.equal((await on(clockless, 'crashes', '--since', '10m')).json.code, 'DEVICE_SHELL_UNAVAILABLE');
    });
    assert.equal((await svc('crashes')).json.deviceClock, undefined, 'a device with a clock has no mark');
  });

  for (const apiLevel of [23, 35]) {
    test(`on API ${apiLevel} a refused logcat is an error, not "no lines" or "no crashes"`, async () => {
      await withDevice(lab, { operator: false, apiLevel, missingCommands: ['logcat'] }, async (device) => {
        const logs = await on(device, 'logs');
        assert.equal(logs.json.code, 'DEVICE_SHELL_UNAVAILABLE', logs.stdout);
        assert.match(logs.json.message, /logcat: not found/);
        const crashes = await on(device, 'crashes');
        assert.equal(crashes.json.code, 'DEVICE_SHELL_UNAVAILABLE', crashes.stdout);
        assert.match(crashes.json.message, /logcat: not found/);
      });
    });
  }

  test('a log line or a crash that says "Permission denied" is read as log, not as a refusal', async () => {
    sim.device.log.write({ pid: 4321, tid: 4321, priority: 'E', tag: 'Files', message: 'open: Permission denied' });
    reportAppCrash(sim.device, {
      package: 'com.example.denied',
      exception: 'java.io.IOException: Permission denied',
      frames: ['com.example.denied.Main.onCreate(Main.java:3)'],
    });
    const logs = await svc('logs', '--grep', 'Permission denied');
    assert.equal(logs.code, 0, logs.stdout);
    assert.ok(logs.json.count >= 1);
    const crashes = await svc('crashes', '--package', 'com.example.denied');
    assert.equal(crashes.code, 0, crashes.stdout);
    assert.equal(crashes.json.count, 1);
  });
});
