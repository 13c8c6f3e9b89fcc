// operator setup / grant-device-permissions through real adb and simulated devices.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

describe('operator commands', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('grant-device-permissions detects the one installed variant and grants the SPEC 4.4 settings', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator.dev', accessibility: false } }, async (sim) => {
      const run = await runCliJson(['grant-device-permissions', '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.operatorPackage, 'com.svc.operator.dev');
      // The published host CLI's order: accessibility_enabled, then the list (grantPermissions.ts:59-96 @ v0.5.2).
      assert.deepEqual(run.json.granted, [
        'accessibility_enabled',
        'accessibility',
        'post_notifications',
        'notification_listener',
      ]);
      const setting = await lab.adb('-s', sim.serial, 'shell', 'settings get secure enabled_accessibility_services');
      assert.ok(
        setting.stdout
          .trim()
          .split(':')
          .includes('com.svc.operator.dev/svc.operator.accessibilityservice.OperatorAccessibilityService'),
        setting.stdout,
      );
      const listeners = await lab.adb('-s', sim.serial, 'shell', 'settings get secure enabled_notification_listeners');
      assert.equal(listeners.stdout.trim(), 'com.svc.operator.dev/action.notification.NotificationListenerService');
      const enabled = await lab.adb('-s', sim.serial, 'shell', 'settings get secure accessibility_enabled');
      assert.equal(enabled.stdout.trim(), '1');
    });
  });

  test('with no operator installed grant-device-permissions fails with OPERATOR_VERIFY_FAILED', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const run = await runCliJson(['grant-device-permissions', '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'OPERATOR_VERIFY_FAILED');
    });
  });

  test('operator setup with a missing APK fails with OPERATOR_APK_NOT_FOUND before touching the device', async () => {
    const run = await runCliJson(['operator', 'setup', '--apk', '/nonexistent/operator.apk'], {
      env: { ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1' },
    });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'OPERATOR_APK_NOT_FOUND');
  });
});
