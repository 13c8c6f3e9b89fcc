import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adbServerArgs } from '../adapters/adb/adb-binary.ts';
import { accessibilityComponent, listenerComponent } from '../contracts/operator-components.ts';
import { grantSteps, parsePackageList, withAccessibilityComponent } from './components.ts';

test('grant steps are exactly the SPEC 4.4 commands for the package', () => {
  assert.deepEqual(
    grantSteps('com.svc.operator.dev').map((s) => s.words.join(' ')),
    [
      'settings put secure enabled_accessibility_services com.svc.operator.dev/svc.operator.OperatorAccessibilityService',
      'settings put secure accessibility_enabled 1',
      'pm grant com.svc.operator.dev android.permission.POST_NOTIFICATIONS',
      'cmd notification allow_listener com.svc.operator.dev/svc.operator.OperatorNotificationListener',
    ],
  );
  assert.equal(accessibilityComponent('p'), 'p/svc.operator.OperatorAccessibilityService');
  assert.equal(listenerComponent('p'), 'p/svc.operator.OperatorNotificationListener');
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
  const op = 'com.svc.operator/svc.operator.OperatorAccessibilityService';
  assert.equal(withAccessibilityComponent('null\n', 'com.svc.operator'), op);
  assert.equal(withAccessibilityComponent('', 'com.svc.operator'), op);
  assert.equal(withAccessibilityComponent('com.a/.Talk\n', 'com.svc.operator'), `com.a/.Talk:${op}`);
  assert.equal(withAccessibilityComponent(`com.a/.Talk:${op}`, 'com.svc.operator'), `com.a/.Talk:${op}`);
  assert.equal(grantSteps('com.svc.operator', 'com.a/.Talk')[0]?.words.at(-1), `com.a/.Talk:${op}`);
});
