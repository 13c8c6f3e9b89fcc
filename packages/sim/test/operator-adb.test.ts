// svc's operator (the published app's code with the brand word svc) driven through the real adb binary: `adb shell am
// broadcast ... -p com.svc.operator` in, `adb logcat -d -v raw` out, as a host does it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { execute, ONCE, outcomes, run, uiOf } from './operator-adb-helpers.ts';

const appsDir = join(import.meta.dirname, '../src/ui/test-apps');
let lab: Lab;
let sim: SimDevice;

before(async () => {
  lab = await createLab({ devices: [{ appsDir }] });
  [sim] = lab.devices as [SimDevice];
});
after(() => lab?.close());

const T = 'com.svc.thermostat:id/';

test('app, read and recording actions answer one result line with the app data (UiActionEngine.kt @ v0.5.2)', async () => {
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.thermostat' } },
    { id: 'wait', type: 'wait_for_node', params: { matcher: { resourceId: `${T}current_temp` }, timeoutMs: 2000 } },
    {
      id: 'temp',
      type: 'read_text',
      params: { matcher: { resourceId: `${T}current_temp` }, validator: 'temperature' },
    },
    { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Humidity' } } },
    { id: 'boost', type: 'click', params: { matcher: { contentDescEquals: 'Boost heating' } } },
    { id: 'mode', type: 'read_text', params: { matcher: { resourceId: `${T}value_mode` } } },
    { id: 'rec1', type: 'start_recording', params: { sessionId: 'r' } },
    { id: 'rec2', type: 'stop_recording', params: { sessionId: 'r' } },
    { id: 'nap', type: 'sleep', params: { durationMs: 5 } },
    { id: 'shot', type: 'take_screenshot' },
    { id: 'close', type: 'close_app', params: { applicationId: 'com.svc.thermostat' } },
  ]);
  const e = r.envelope;
  assert.equal(e.status, 'success');
  assert.deepEqual(outcomes(e), [
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'ok',
    'UNSUPPORTED_RUNTIME_SCREENSHOT',
    'UNSUPPORTED_RUNTIME_CLOSE',
  ]);
  assert.deepEqual(e.stepResults[1]!.data, { resource_id: `${T}current_temp`, label: '21.5°C', timeout_ms: '2000' });
  assert.deepEqual(e.stepResults[2]!.data, { text: '21.5°C', validator: 'temperature' });
  assert.deepEqual(e.stepResults[3]!.data, { label: 'Humidity', value: '45%' });
  assert.equal(e.stepResults[5]!.data.text, 'Boost');
  assert.match(e.stepResults[10]!.data.message!, /Use the svc Node API or 'adb shell am force-stop'/);
  assert.equal(r.lines.filter((l) => l.startsWith(`[svc-Result] {"commandId":"${r.commandId}"`)).length, 1);
});

test('typing, navigation and keys change the screen the next snapshot shows; the quoted payload arrives intact', async () => {
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.login' } },
    {
      id: 'user',
      type: 'enter_text',
      params: { matcher: { resourceId: 'com.svc.login:id/username' }, text: "o'neil & co" },
    },
    { id: 'pw', type: 'enter_text', params: { matcher: { role: 'textfield', textEquals: 'Password' }, text: 'pw' } },
    { id: 'login', type: 'click', params: { matcher: { textEquals: 'Log in' } } },
    {
      id: 'nav',
      type: 'wait_for_navigation',
      params: { expectedNode: { resourceId: 'com.svc.login:id/welcome' }, timeoutMs: 2000 },
    },
    { id: 'snap', type: 'snapshot_ui' },
    { id: 'uri', type: 'open_uri', params: { uri: 'https://example.com/a?b=1&c=2' } },
    { id: 'back', type: 'press_key', params: { key: 'back' } },
    { id: 'home', type: 'press_key', params: { key: 'home' } },
  ]);
  assert.deepEqual(outcomes(r.envelope), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  const xml = r.hierarchy('snap')!;
  assert.ok(xml.includes('text="Welcome, o&apos;neil &amp; co"'), 'the quoted payload arrived intact');
  assert.equal(r.envelope.stepResults[6]!.data.uri, 'https://example.com/a?b=1&c=2');
  assert.equal(uiOf(sim).foregroundPackage(), 'com.android.launcher3');
});

test('scroll outcomes and scroll_until termination reasons (UiActionEngine.kt:265-421, TaskUiScopeDefault.kt:749-1017)', async () => {
  const fast = { settleDelayMs: 0 };
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'up', type: 'scroll', params: { direction: 'up', ...fast } },
    { id: 'down', type: 'scroll', params: fast },
    { id: 'edge', type: 'scroll_until', params: { maxScrolls: 200, ...fast } },
    {
      id: 'found',
      type: 'scroll_until',
      params: { direction: 'up', matcher: { textEquals: 'Apps' }, clickAfter: true, ...fast },
    },
    { id: 'lists', type: 'open_app', params: { applicationId: 'com.example.lists' } },
    { id: 'max', type: 'scroll_until', params: { maxScrolls: 2, ...fast } },
    { id: 'time', type: 'scroll_until', params: { maxDurationMs: 0, ...fast } },
    { id: 'nf', type: 'scroll_until', params: { container: { resourceId: 'com.example.lists:id/none' } } },
    {
      id: 'ns',
      type: 'scroll_until',
      params: { container: { resourceId: 'com.example.lists:id/plain' }, findFirstScrollableChild: false },
    },
  ]);
  const d = (i: number) => r.envelope.stepResults[i]!.data;
  assert.deepEqual(
    [1, 2].map((i) => d(i).scroll_outcome),
    ['edge_reached', 'moved'],
  );
  assert.deepEqual(
    [3, 4, 6, 7, 8, 9].map((i) => d(i).termination_reason),
    [
      'EDGE_REACHED',
      'TARGET_FOUND',
      'MAX_SCROLLS_REACHED',
      'MAX_DURATION_REACHED',
      'CONTAINER_NOT_FOUND',
      'CONTAINER_NOT_SCROLLABLE',
    ],
  );
  assert.deepEqual(outcomes(r.envelope).slice(8), ['CONTAINER_NOT_FOUND', 'CONTAINER_NOT_SCROLLABLE']);
});

test('scroll_and_click finds a row of the 200-row list; returned failures carry their codes', async () => {
  uiOf(sim).declineGlobalActions = true;
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_uri', params: { uri: 'settings://apps' } },
    { id: 'apps', type: 'click', params: { matcher: { textEquals: 'Apps' } } },
    {
      id: 'sac',
      type: 'scroll_and_click',
      params: { matcher: { textEquals: 'App 77' }, maxSwipes: 40, settleDelayMs: 0 },
    },
    { id: 'title', type: 'read_text', params: { matcher: { resourceId: 'com.android.settings:id/app_title' } } },
    { id: 'key', type: 'press_key', params: { key: 'recents' } },
    { id: 'rec', type: 'stop_recording' },
    { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'No such label' }, retry: ONCE } },
  ]);
  uiOf(sim).declineGlobalActions = false;
  assert.equal(r.envelope.stepResults[3]!.data.text, 'App 77');
  assert.deepEqual(outcomes(r.envelope).slice(4), [
    'GLOBAL_ACTION_FAILED',
    'RECORDING_NOT_IN_PROGRESS',
    'NODE_NOT_FOUND',
  ]);
});

test('a failure that throws ends the execution: no steps, `Task execution failed: …`, later actions never run', async () => {
  uiOf(sim).home();
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: ONCE } },
    { id: 'settings', type: 'open_app', params: { applicationId: 'com.android.settings' } },
  ]);
  assert.deepEqual(r.envelope.stepResults, []);
  assert.equal(r.envelope.error, 'Task execution failed: No app found with applicationId=com.nope.app');
  assert.equal(uiOf(sim).foregroundPackage(), 'com.android.launcher3');
});

test('a large result travels as [svc-Result-Chunk] lines that put it back together', async () => {
  uiOf(sim).forceStop('com.svc.login'); // the login form again, not the welcome screen of an earlier test
  const text = 'x'.repeat(512);
  const actions = [1, 2, 3, 4, 5, 6].map((i) => ({
    id: `t${i}`,
    type: 'enter_text',
    params: { matcher: { resourceId: 'com.svc.login:id/username' }, text },
  }));
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.login' } },
    ...actions,
  ]);
  assert.ok(r.lines.some((l) => l.startsWith('[svc-Result-Chunk] ') && l.includes(r.commandId)));
  assert.ok(!r.lines.some((l) => l.startsWith(`[svc-Result] {"commandId":"${r.commandId}"`)));
  assert.equal(r.envelope.stepResults[6]!.data.text, text);
});

test('the accessibility service follows settings put secure enabled_accessibility_services (OperatorCommandReceiver.kt:46-65)', async () => {
  const component = 'com.svc.operator/svc.operator.accessibilityservice.OperatorAccessibilityService';
  await lab.adb('-s', sim.serial, 'shell', 'settings put secure enabled_accessibility_services com.other/x.Service');
  const off = await run(lab, sim, [{ id: 's', type: 'sleep', params: { durationMs: 0 } }]);
  assert.deepEqual(
    [off.envelope.status, off.envelope.error, off.envelope.errorCode, off.envelope.stepResults.length],
    ['failed', 'Accessibility service is not available', 'SERVICE_UNAVAILABLE', 0],
  );
  await lab.adb('-s', sim.serial, 'shell', `settings put secure enabled_accessibility_services ${component}`);
  const on = await run(lab, sim, [{ id: 'p', type: 'doctor_ping' }]);
  assert.deepEqual(on.envelope.stepResults[0]!.data, {
    developer_options_enabled: 'true',
    usb_debugging_enabled: 'true',
  });
});

test('a payload the parser rejects gets no result at all, only an error line (OperatorCommandReceiver.kt:89-91)', async () => {
  const r = await execute(lab, sim, [{ id: 'x', type: 'delete_everything' }], { waitMs: 600 });
  assert.equal(r.envelope, undefined);
  assert.ok(r.lines.includes('[Operator-Receiver] Failed to parse agent command payload'));
  assert.ok(r.lines.includes('java.lang.IllegalStateException: unsupported action type at index=0: delete_everything'));
});
