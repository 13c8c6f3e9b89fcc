import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHarness, findEnvelope, operatorLines } from './harness.test-helper.ts';

test('with the accessibility service off UI actions fail the execution with SERVICE_UNAVAILABLE and no steps', async () => {
  const h = createHarness({ operator: { accessibility: false } });
  for (const action of [
    { id: 'k', type: 'press_key', params: { key: 'back' } },
    { id: 'n', type: 'snapshot_ui' },
    { id: 'd', type: 'doctor_ping' },
  ]) {
    const out = await h.run([{ id: 'o', type: 'open_app', params: { applicationId: 'com.android.settings' } }, action]);
    assert.equal(out.envelope.status, 'failed');
    assert.equal(out.envelope.errorCode, 'SERVICE_UNAVAILABLE');
    assert.deepEqual(out.envelope.stepResults, []);
  }
});

test('with the accessibility service off sleep, open_app, open_uri and close_app run; the panel step fails', async () => {
  const h = createHarness({ operator: { accessibility: false } });
  const out = await h.run([
    { id: 's', type: 'sleep', params: { durationMs: 0 } },
    { id: 'o', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'u', type: 'open_uri', params: { uri: 'https://example.com' } },
    { id: 'c', type: 'close_app', params: { applicationId: 'com.svc.browser' } },
    { id: 'l', type: 'set_on_screen_log', params: { text: 'hi' } },
  ]);
  assert.equal(out.envelope.status, 'success');
  assert.deepEqual(
    out.envelope.stepResults.map((s) => s.data.error ?? 'ok'),
    ['ok', 'ok', 'ok', 'UNSUPPORTED_RUNTIME_CLOSE', 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE'],
  );
});

test('enabling the service with settings put takes effect at the next execution', async () => {
  const h = createHarness({ operator: { accessibility: false } });
  assert.equal((await h.run([{ id: 'd', type: 'doctor_ping' }])).envelope.errorCode, 'SERVICE_UNAVAILABLE');
  h.device.settings.secure.set(
    'enabled_accessibility_services',
    'com.svc.operator/svc.operator.OperatorAccessibilityService',
  );
  h.device.settings.global.set('adb_enabled', '1');
  const out = await h.run([{ id: 'd', type: 'doctor_ping' }]);
  assert.deepEqual(out.envelope.stepResults[0]!.data, {
    accessibility_service: 'running',
    developer_options_enabled: 'false',
    usb_debugging_enabled: 'true',
  });
});

test('a security overlay blocks interaction with SECURITY_BLOCK_DETECTED and shows in snapshot metadata', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  h.ui.securityOverlay = true;
  const snap = await h.run([{ id: 'n', type: 'snapshot_ui' }]);
  assert.equal(snap.envelope.stepResults[0]!.data.has_overlay, 'true');
  assert.equal(snap.envelope.stepResults[0]!.data.overlay_package, 'com.android.systemui');
  assert.equal(snap.envelope.stepResults[0]!.data.window_count, '2');
  const out = await h.run([
    { id: 'r', type: 'read_text', params: { matcher: { textEquals: 'Sign in' } } },
    { id: 'c', type: 'click', params: { matcher: { textEquals: 'Log in' } } },
  ]);
  assert.equal(out.envelope.status, 'failed');
  assert.equal(out.envelope.errorCode, 'SECURITY_BLOCK_DETECTED');
  assert.deepEqual(
    out.envelope.stepResults.map((s) => s.id),
    ['r'],
  );
  assert.equal(h.ui.screenName(), 'form');
});

test('the brand word is a parameter of the action, the log tag, the line markers and the accessibility component', async () => {
  const h = createHarness({ operator: { brand: 'acme', package: 'com.acme.operator' } });
  assert.equal(h.op.action, 'app.acme.operator.ACTION_AGENT_COMMAND');
  assert.equal(h.op.accessibilityComponent, 'com.acme.operator/acme.operator.OperatorAccessibilityService');
  const payload = JSON.stringify({
    commandId: 'b1',
    taskId: 't',
    timeoutMs: 5000,
    actions: [{ id: 'd', type: 'doctor_ping' }],
  });
  h.device.sendBroadcast({ action: h.op.action, targetPackage: h.op.package, extras: { payload }, foreground: true });
  await h.op.idle();
  assert.deepEqual(operatorLines(h.device), []);
  const lines = operatorLines(h.device, 0, 'AcmeOperator');
  assert.ok(lines.some((l) => l.startsWith('[acme-Result] ') && l.includes('"success":true')));
  assert.equal(findEnvelope(lines, 'b1'), undefined);
});
