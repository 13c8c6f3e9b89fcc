import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHarness, ONCE, step } from '../harness.test-helper.ts';

test('open_app starts the launch activity and reports application_id', async () => {
  const h = createHarness();
  const r = await step(h, 'open_app', { applicationId: 'com.svc.thermostat' });
  assert.deepEqual(r.data, { application_id: 'com.svc.thermostat' });
  assert.equal(h.ui.foregroundPackage(), 'com.svc.thermostat');
});

test('open_app of an unknown package fails after its attempts', async () => {
  const h = createHarness();
  const r = await step(h, 'open_app', { applicationId: 'com.nope', retry: ONCE });
  assert.equal(r.success, false);
  assert.equal(r.data.error, 'APP_NOT_FOUND');
});

test('open_uri opens the scheme handler, or fails with URI_NOT_HANDLED', async () => {
  const h = createHarness();
  const ok = await step(h, 'open_uri', { uri: 'https://example.com/a' });
  assert.deepEqual(ok.data, { uri: 'https://example.com/a' });
  assert.equal(h.ui.foregroundPackage(), 'com.svc.browser');
  const bad = await step(h, 'open_uri', { uri: 'zzz://nothing', retry: ONCE });
  assert.equal(bad.data.error, 'URI_NOT_HANDLED');
});

test('open_uri with several handlers succeeds and shows the chooser', async () => {
  const other = {
    package: 'org.other.browser',
    label: 'Other',
    uriSchemes: ['https'],
    start: 'p',
    screens: { p: { root: {} } },
  };
  const h = createHarness({ apps: [other] });
  const r = await step(h, 'open_uri', { uri: 'https://example.com' });
  assert.equal(r.success, true);
  assert.equal(h.ui.foregroundPackage(), 'android');
});

test('close_app reports UNSUPPORTED_RUNTIME_CLOSE with the application id (the host force-stops)', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  const r = await step(h, 'close_app', { applicationId: 'com.svc.login' });
  assert.equal(r.success, false);
  assert.equal(r.data.error, 'UNSUPPORTED_RUNTIME_CLOSE');
  assert.equal(r.data.application_id, 'com.svc.login');
  assert.equal(h.ui.foregroundPackage(), 'com.svc.login');
});

test('take_screenshot reports UNSUPPORTED_RUNTIME_SCREENSHOT (the host captures)', async () => {
  const h = createHarness();
  const r = await step(h, 'take_screenshot', { path: '/tmp/x.png' });
  assert.equal(r.data.error, 'UNSUPPORTED_RUNTIME_SCREENSHOT');
});

test('sleep waits for real and reports duration_ms', async () => {
  const h = createHarness();
  const started = Date.now();
  const r = await step(h, 'sleep', { durationMs: 120 });
  assert.equal(r.data.duration_ms, '120');
  assert.ok(Date.now() - started >= 120);
});

test('press_key runs back, home and recents case-insensitively', async () => {
  const h = createHarness();
  h.ui.launch('com.android.settings');
  h.ui.click(h.ui.tree().children[0]!.children[0]!.children[2]!.children[0]!.children[0]!);
  assert.notEqual(h.ui.screenName(), 'main');
  assert.deepEqual((await step(h, 'press_key', { key: 'BACK' })).data, { key: 'back' });
  assert.equal(h.ui.screenName(), 'main');
  await step(h, 'press_key', { key: 'Recents' });
  assert.equal(h.ui.foregroundPackage(), 'com.android.systemui');
  await step(h, 'press_key', { key: 'home' });
  assert.equal(h.ui.foregroundPackage(), 'com.android.launcher3');
});

test('press_key fails with GLOBAL_ACTION_FAILED when the system declines', async () => {
  const h = createHarness();
  h.ui.declineGlobalActions = true;
  const r = await step(h, 'press_key', { key: 'home' });
  assert.equal(r.data.error, 'GLOBAL_ACTION_FAILED');
});

test('recording: start, start again fails, stop, stop again fails', async () => {
  const h = createHarness();
  const out = await h.run([
    { id: 'a', type: 'start_recording', params: { sessionId: 's1' } },
    { id: 'b', type: 'start_recording', params: { sessionId: 's2' } },
    { id: 'c', type: 'stop_recording', params: { sessionId: 's1' } },
    { id: 'd', type: 'stop_recording' },
  ]);
  assert.deepEqual(
    out.envelope.stepResults.map((s) => s.data.error ?? 'ok'),
    ['ok', 'RECORDING_ALREADY_IN_PROGRESS', 'ok', 'RECORDING_NOT_IN_PROGRESS'],
  );
});
