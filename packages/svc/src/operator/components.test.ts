import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adbServerArgs } from '../adapters/adb/adb-binary.ts';
import { accessibilityComponent, launcherComponent, listenerComponent } from '../contracts/operator-variants.ts';
import { appendToList, grantSteps, parsePackageList, serviceEnabled } from './components.ts';

// The published host CLI's grant (apps/node/src/domain/device/grantPermissions.ts:59-156 @ v0.5.2): accessibility
// only when the component is missing (accessibility_enabled first), POST_NOTIFICATIONS, the listener list.
test('the grant is the published host CLI commands with the components of the variant', () => {
  const pkg = 'com.clawperator.operator';
  assert.deepEqual(
    grantSteps(pkg).map((s) => s.words.join(' ')),
    [
      'settings put secure accessibility_enabled 1',
      `settings put secure enabled_accessibility_services ${pkg}/clawperator.operator.accessibilityservice.OperatorAccessibilityService`,
      `pm grant ${pkg} android.permission.POST_NOTIFICATIONS`,
      `settings put secure enabled_notification_listeners ${pkg}/action.notification.NotificationListenerService`,
    ],
  );
  const done = grantSteps(pkg, {
    services: `${accessibilityComponent(pkg)}\n`,
    listeners: `a/b:${listenerComponent(pkg)}`,
  });
  assert.deepEqual(
    done.map((s) => s.name),
    ['post_notifications'],
    'nothing is written to a list that holds the component already',
  );
  assert.equal(launcherComponent(pkg), `${pkg}/clawperator.activity.MainActivity`);
  assert.equal(
    accessibilityComponent('com.svc.operator.dev'),
    'com.svc.operator.dev/svc.operator.accessibilityservice.OperatorAccessibilityService',
  );
  assert.equal(
    listenerComponent('com.svc.operator'),
    'com.svc.operator/action.notification.NotificationListenerService',
  );
  assert.ok(grantSteps(pkg)[2]?.skipWhen?.test('Exception: Unknown permission: android.permission.POST_NOTIFICATIONS'));
});

test('package listing keeps only exact package: lines', () => {
  assert.deepEqual(parsePackageList('package:a.b\r\npackage:c\nWARNING: x\n\npackage:\n'), ['a.b', 'c']);
});

test('the adb binary is pointed at ADB_SERVER_SOCKET, else ANDROID_ADB_SERVER_PORT, else its default', () => {
  assert.deepEqual(adbServerArgs({ ADB_SERVER_SOCKET: 'tcp:10.0.0.2:5999' }), ['-H', '10.0.0.2', '-P', '5999']);
  assert.deepEqual(adbServerArgs({ ADB_SERVER_SOCKET: 'tcp:127.0.0.1:5999' }), ['-P', '5999']);
  assert.deepEqual(adbServerArgs({ ADB_SERVER_SOCKET: 'tcp:6001' }), ['-P', '6001']);
  assert.deepEqual(adbServerArgs({ ANDROID_ADB_SERVER_PORT: '6002' }), ['-P', '6002']);
  assert.deepEqual(adbServerArgs({}), ['-P', '5037']);
});

test('the accessibility component is appended to the services already enabled, never written over them', () => {
  const op = accessibilityComponent('com.clawperator.operator');
  assert.equal(appendToList('null\n', [op]), op);
  assert.equal(appendToList('', [op]), op);
  assert.equal(appendToList('com.a/.Talk\n', [op]), `com.a/.Talk:${op}`);
  assert.equal(appendToList(`com.a/.Talk:${op}`, [op]), `com.a/.Talk:${op}`);
  assert.equal(
    grantSteps('com.clawperator.operator', { services: 'com.a/.Talk' })[1]?.words.at(-1),
    `com.a/.Talk:${op}`,
  );
  assert.ok(serviceEnabled(`com.a/.Talk:${op}`, 'com.clawperator.operator'));
  assert.ok(!serviceEnabled('com.a/.Talk', 'com.clawperator.operator'));
});
