// The operator driven through the real adb binary: `adb shell am broadcast ...` in, `adb logcat -d -s SvcOperator`
// out, exactly as the host does it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { ONCE, outcomes, run, uiOf } from './operator-adb-helpers.ts';

const appsDir = join(import.meta.dirname, '../src/ui/test-apps');
let lab: Lab;
let sim: SimDevice;
let old: SimDevice;

before(async () => {
  lab = await createLab({ devices: [{ appsDir }, { apiLevel: 21 }] });
  [sim, old] = lab.devices as [SimDevice, SimDevice];
});
after(() => lab?.close());

const T = 'com.svc.thermostat:id/';

test('app, read and recording actions answer one envelope with their documented data', async () => {
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
    { id: 'shot', type: 'take_screenshot', params: { path: 'x.png' } },
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
  assert.deepEqual(e.stepResults[2]!.data, { text: '21.5°C', validator: 'temperature' });
  assert.deepEqual(e.stepResults[3]!.data, { label: 'Humidity', value: '45%' });
  assert.equal(e.stepResults[5]!.data.text, 'Boost');
  assert.equal(
    r.lines.filter((l) => l.includes(`"commandId":"${r.commandId}"`) && l.startsWith('[svc-Result]')).length,
    1,
  );
});

test('navigation, typing and key actions change the screen the next snapshot shows', async () => {
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.login' } },
    {
      id: 'user',
      type: 'enter_text',
      params: { matcher: { resourceId: 'com.svc.login:id/username' }, text: "o'neil & co" },
    },
    {
      id: 'pw',
      type: 'enter_text',
      params: { matcher: { role: 'textfield', contentDescEquals: 'Password' }, text: 'pw', submit: true },
    },
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
  assert.deepEqual(outcomes(r.envelope), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
  const xml = r.hierarchy('snap')!;
  assert.ok(xml.includes('text="Welcome, o&apos;neil &amp; co"'), 'the quoted payload arrived intact');
  assert.equal(r.envelope.stepResults[5]!.data.uri, 'https://example.com/a?b=1&c=2');
  assert.equal(uiOf(sim).foregroundPackage(), 'com.android.launcher3');
});

test('scroll outcomes and every scroll_until termination reason', async () => {
  const fast = { settleDelayMs: 0 };
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    { id: 'up', type: 'scroll', params: { direction: 'up', ...fast } },
    { id: 'down', type: 'scroll', params: fast },
    { id: 'left', type: 'scroll', params: { direction: 'left', ...fast } },
    { id: 'edge', type: 'scroll_until', params: { maxScrolls: 200, ...fast } },
    {
      id: 'found',
      type: 'scroll_until',
      params: { direction: 'up', matcher: { textEquals: 'Apps' }, clickAfter: true, ...fast },
    },
    { id: 'max', type: 'scroll_until', params: { maxScrolls: 2, ...fast } },
    { id: 'time', type: 'scroll_until', params: { maxDurationMs: 0, ...fast } },
    { id: 'lists', type: 'open_app', params: { applicationId: 'com.example.lists' } },
    {
      id: 'still',
      type: 'scroll_until',
      params: { container: { resourceId: 'com.example.lists:id/frozen' }, ...fast },
    },
    { id: 'nf', type: 'scroll_until', params: { container: { resourceId: 'com.example.lists:id/none' } } },
    { id: 'ns', type: 'scroll_until', params: { container: { resourceId: 'com.example.lists:id/plain' } } },
  ]);
  const d = (i: number) => r.envelope.stepResults[i]!.data;
  assert.deepEqual(
    [1, 2, 3].map((i) => d(i).scroll_outcome),
    ['edge_reached', 'moved', 'gesture_failed'],
  );
  assert.deepEqual(
    [4, 5, 6, 7, 9, 10, 11].map((i) => d(i).termination_reason),
    [
      'EDGE_REACHED',
      'TARGET_FOUND',
      'MAX_SCROLLS_REACHED',
      'MAX_DURATION_REACHED',
      'NO_POSITION_CHANGE',
      'CONTAINER_NOT_FOUND',
      'CONTAINER_NOT_SCROLLABLE',
    ],
  );
  assert.deepEqual(outcomes(r.envelope).slice(9), ['ok', 'CONTAINER_NOT_FOUND', 'CONTAINER_NOT_SCROLLABLE']);
});

test('scroll_and_click finds a row of the 200-row list; step errors carry their codes', async () => {
  uiOf(sim).declineGlobalActions = true;
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_uri', params: { uri: 'settings://apps' } },
    { id: 'apps', type: 'click', params: { matcher: { textEquals: 'Apps' } } },
    {
      id: 'sac',
      type: 'scroll_and_click',
      params: { target: { textEquals: 'App 77' }, maxSwipes: 20, settleDelayMs: 0 },
    },
    { id: 'title', type: 'read_text', params: { matcher: { resourceId: 'com.android.settings:id/app_title' } } },
    { id: 'nf', type: 'click', params: { matcher: { textEquals: 'No such row' }, retry: ONCE } },
    { id: 'nc', type: 'click', params: { matcher: { resourceId: 'com.android.settings:id/app_title' }, retry: ONCE } },
    { id: 'key', type: 'press_key', params: { key: 'recents' } },
    { id: 'uri', type: 'open_uri', params: { uri: 'nothing://here', retry: ONCE } },
    { id: 'rec', type: 'stop_recording' },
  ]);
  uiOf(sim).declineGlobalActions = false;
  assert.equal(r.envelope.stepResults[3]!.data.text, 'App 77');
  assert.deepEqual(outcomes(r.envelope).slice(4), [
    'NODE_NOT_FOUND',
    'NODE_NOT_CLICKABLE',
    'GLOBAL_ACTION_FAILED',
    'URI_NOT_HANDLED',
    'RECORDING_NOT_IN_PROGRESS',
  ]);
});

test('the on-screen log panel: exact data, invisible to the snapshot, drawn by adb screencap', async () => {
  const r = await run(lab, sim, [
    { id: 'set', type: 'set_on_screen_log', params: { text: 'hello', backgroundColor: '#ff0000ff', ttlMs: 0 } },
    { id: 'snap', type: 'snapshot_ui' },
    { id: 'bad', type: 'set_on_screen_log', params: { text: 'x', topOffsetDp: 800 } },
  ]);
  const data = r.envelope.stepResults[0]!.data;
  assert.equal(data.background_color, '#FF0000FF');
  assert.equal(r.envelope.stepResults[1]!.data.operator_overlay_visible, 'true');
  assert.ok(!r.hierarchy('snap')!.includes('hello'));
  assert.equal(r.envelope.stepResults[2]!.data.error, 'ON_SCREEN_LOG_LAYOUT_INVALID');
  const png = PNG.sync.read((await lab.adbBytes('-s', sim.serial, 'exec-out', 'screencap -p')).stdout);
  const [left, top] = data.bounds!.match(/\d+/g)!.map(Number) as [number, number];
  const i = ((top + 3) * png.width + left + 3) * 4;
  assert.deepEqual([...png.data.subarray(i, i + 3)], [0, 0, 255]);
  await run(lab, sim, [{ id: 'clear', type: 'clear_on_screen_log' }]);
});

test('API 21 cannot render the panel', async () => {
  const r = await run(lab, old, [{ id: 'set', type: 'set_on_screen_log', params: { text: 'x' } }]);
  assert.deepEqual(outcomes(r.envelope), ['ON_SCREEN_LOG_RENDER_FAILED']);
});

test('the accessibility service follows settings put secure enabled_accessibility_services', async () => {
  const component = 'com.svc.operator/svc.operator.OperatorAccessibilityService';
  await lab.adb('-s', sim.serial, 'shell', 'settings put secure enabled_accessibility_services com.other/x.Service');
  const off = await run(lab, sim, [{ id: 'k', type: 'press_key', params: { key: 'home' } }]);
  assert.deepEqual(
    [off.envelope.status, off.envelope.errorCode, off.envelope.stepResults.length],
    ['failed', 'SERVICE_UNAVAILABLE', 0],
  );
  const panel = await run(lab, sim, [
    { id: 'l', type: 'set_on_screen_log', params: { text: 'x' } },
    { id: 's', type: 'sleep', params: { durationMs: 0 } },
  ]);
  assert.deepEqual(outcomes(panel.envelope), ['ON_SCREEN_LOG_SERVICE_UNAVAILABLE', 'ok']);
  await lab.adb('-s', sim.serial, 'shell', `settings put secure enabled_accessibility_services ${component}`);
  const on = await run(lab, sim, [{ id: 'p', type: 'doctor_ping' }]);
  assert.equal(on.envelope.stepResults[0]!.data.accessibility_service, 'running');
});
