import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApk, installApk, parseApk } from './apk.ts';
import { createDevice } from './device.ts';
import { LOGGER_ENTRY_MAX_PAYLOAD } from './log-buffer.ts';

describe('the device model', () => {
  it('starts booted, with developer settings on and a realistic set of system packages', () => {
    const device = createDevice();
    assert.equal(device.props.get('sys.boot_completed'), '1');
    assert.equal(device.props.get('ro.build.version.sdk'), '35');
    assert.equal(device.props.get('ro.build.version.release'), '15');
    assert.equal(device.settings.global.get('development_settings_enabled'), '1');
    assert.equal(device.settings.global.get('adb_enabled'), '1');
    for (const name of ['android', 'com.android.settings', 'com.android.launcher3', 'com.android.chrome']) {
      assert.equal(device.packages.get(name)?.thirdParty, false, name);
    }
    assert.equal(device.ui.foregroundPackage(), 'com.android.launcher3');
  });

  it('truncates a log message so the entry payload fits 4068 bytes, without splitting a UTF-8 character', () => {
    const device = createDevice();
    const tag = 'SvcOperator';
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag, message: 'x'.repeat(5000) });
    const budget = LOGGER_ENTRY_MAX_PAYLOAD - 1 - (tag.length + 1) - 1;
    assert.equal(device.log.entries()[0]?.message.length, budget);
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag, message: `${'x'.repeat(budget - 1)}✓✓` });
    assert.equal(device.log.entries()[1]?.message, 'x'.repeat(budget - 1));
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag, message: 'short' });
    assert.equal(device.log.entries()[2]?.message, 'short');
  });

  it('drops the oldest entries when the ring buffer is full', () => {
    const device = createDevice({ logBufferBytes: 2000 });
    for (let i = 0; i < 100; i++) device.log.write({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: `entry ${i}` });
    const entries = device.log.entries();
    assert.ok(entries.length < 100 && entries.length > 10);
    assert.equal(entries.at(-1)?.message, 'entry 99');
    assert.equal(entries[0]?.message, `entry ${100 - entries.length}`);
  });

  it('keeps entry times strictly increasing and tells subscribers', () => {
    const device = createDevice({ clock: () => 1000 });
    const seen: string[] = [];
    const stop = device.log.subscribe((e) => seen.push(e.message));
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: 'a' });
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: 'b' });
    stop();
    device.log.write({ pid: 1, tid: 1, priority: 'I', tag: 'T', message: 'c' });
    const [a, b] = device.log.entries();
    assert.ok((a?.epochMs ?? 0) < (b?.epochMs ?? 0));
    assert.deepEqual(seen, ['a', 'b']);
  });

  it('delivers broadcasts only to installed packages, narrowed by the target package', () => {
    const device = createDevice();
    const got: string[] = [];
    device.registerReceiver('com.android.settings', 'A', () => got.push('settings'));
    device.registerReceiver('com.android.chrome', 'A', () => got.push('chrome'));
    device.registerReceiver('com.not.installed', 'A', () => got.push('ghost'));
    assert.equal(device.sendBroadcast({ action: 'A', targetPackage: undefined, extras: {}, foreground: false }), 2);
    assert.equal(
      device.sendBroadcast({ action: 'A', targetPackage: 'com.android.chrome', extras: {}, foreground: false }),
      1,
    );
    assert.deepEqual(got, ['settings', 'chrome', 'chrome']);
  });

  it('announces installs and removals to listeners', () => {
    const device = createDevice();
    const events: string[] = [];
    device.onPackageInstalled((p) => events.push(`+${p.name}@${p.versionCode}`));
    device.onPackageRemoved((name) => events.push(`-${name}`));
    const outcome = installApk(device, buildApk({ package: 'com.svc.operator', versionName: '0.2.0', versionCode: 2 }));
    assert.equal(outcome.ok, true);
    assert.equal(device.uninstallPackage('com.svc.operator'), true);
    assert.equal(device.uninstallPackage('com.svc.operator'), false);
    assert.deepEqual(events, ['+com.svc.operator@2', '-com.svc.operator']);
  });

  it('refuses an APK that needs a newer Android', () => {
    const device = createDevice({ apiLevel: 33 });
    const outcome = installApk(device, buildApk({ package: 'com.a.b', versionName: '1', versionCode: 1, minSdk: 34 }));
    assert.equal(outcome.ok, false);
    assert.match(
      outcome.ok ? '' : outcome.failure,
      /^INSTALL_FAILED_OLDER_SDK: .*Requires newer sdk version #34 \(current version is #33\)$/,
    );
  });

  it('reads the manifest from the first line and ignores padding after it', () => {
    const apk = buildApk({ package: 'com.a.b', versionName: '1.0', versionCode: 7 }, 4096);
    assert.equal(apk.length, 4096);
    assert.equal(parseApk(apk)?.versionCode, 7);
    assert.equal(parseApk(new TextEncoder().encode('{"package":"com.a.b"}')), undefined);
    assert.equal(parseApk(new Uint8Array([0x50, 0x4b, 3, 4])), undefined);
  });
});
