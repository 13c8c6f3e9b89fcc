import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testShell } from '../shell.test-helper.ts';

describe('getprop, settings, wm and cmd notification', () => {
  it('answers the boot and build properties adb users wait on', async () => {
    const { run } = testShell({ model: 'Pixel 8', apiLevel: 34 });
    const result = await run(
      'getprop sys.boot_completed; getprop dev.bootcomplete; getprop ro.build.version.sdk; getprop ro.build.version.release; getprop ro.product.model',
    );
    assert.equal(result.stdout, '1\n1\n34\n14\nPixel 8\n');
    assert.equal((await run('getprop no.such.prop')).stdout, '\n');
  });

  it('leaves boot_completed unset on a device still booting', async () => {
    const { run } = testShell({ booted: false });
    assert.equal((await run('getprop sys.boot_completed')).stdout, '\n');
  });

  it('lists every property as [key]: [value], sorted', async () => {
    const { run } = testShell();
    const lines = (await run('getprop')).stdout.trimEnd().split('\n');
    assert.ok(lines.includes('[ro.build.version.sdk]: [35]'));
    assert.ok(lines.every((l) => /^\[[^\]]+\]: \[.*\]$/.test(l)));
    assert.deepEqual([...lines].sort(), lines);
  });

  it('gets, puts and deletes settings, with null for an unset key', async () => {
    const { device, run } = testShell();
    assert.equal(
      (await run('settings get global development_settings_enabled; settings get global adb_enabled')).stdout,
      '1\n1\n',
    );
    assert.equal((await run('settings get secure enabled_accessibility_services')).stdout, 'null\n');
    await run(`settings put secure enabled_accessibility_services 'com.svc.operator/.A11y'`);
    assert.equal(device.settings.secure.get('enabled_accessibility_services'), 'com.svc.operator/.A11y');
    assert.equal((await run('settings delete secure enabled_accessibility_services')).stdout, 'Deleted 1 rows\n');
    assert.equal((await run('settings get secure enabled_accessibility_services')).stdout, 'null\n');
    assert.equal((await run('settings get bogus x')).code, 255);
  });

  it('reports the physical display size and density', async () => {
    const { run } = testShell();
    assert.equal((await run('wm size; wm density')).stdout, 'Physical size: 1080x2400\nPhysical density: 420\n');
    await run('wm size 720x1280');
    assert.equal((await run('wm size')).stdout, 'Physical size: 1080x2400\nOverride size: 720x1280\n');
  });

  it('allows a notification listener once', async () => {
    const { device, run } = testShell();
    await run('cmd notification allow_listener com.svc.operator/com.svc.operator.Listener');
    await run('cmd notification allow_listener com.svc.operator/com.svc.operator.Listener');
    assert.equal(
      device.settings.secure.get('enabled_notification_listeners'),
      'com.svc.operator/com.svc.operator.Listener',
    );
    assert.equal((await run('cmd nosuchservice')).code, 20);
  });
});
