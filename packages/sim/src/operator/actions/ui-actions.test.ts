import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createHarness, ONCE, step } from '../harness.test-helper.ts';

const LOGIN = 'com.svc.login:id/';
const THERMO = 'com.svc.thermostat:id/';

test('click by matcher clicks the row of a label and reports click_types', async () => {
  const h = createHarness();
  h.ui.launch('com.android.settings');
  const r = await step(h, 'click', { matcher: { textEquals: 'Display' } });
  assert.deepEqual(r.data, { click_types: 'default' });
  assert.equal(h.ui.screenName(), 'display');
});

test('click by coordinate taps the screen; focus with a coordinate is rejected', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  const button = h.ui.tree();
  const login = [
    ...(function* w(n: typeof button): Generator<typeof button> {
      yield n;
      for (const c of n.children) yield* w(c);
    })(button),
  ].find((n) => n.resourceId === `${LOGIN}login`)!;
  const r = await step(h, 'click', { coordinate: { x: login.bounds.left + 5, y: login.bounds.top + 5 } });
  assert.equal(r.success, true);
  assert.equal(h.ui.screenName(), 'welcome');
  const bad = await step(h, 'click', { coordinate: { x: 1, y: 1 }, clickType: 'focus' });
  assert.equal(bad.data.error, 'EXECUTION_VALIDATION_FAILED');
  const off = await step(h, 'click', { coordinate: { x: 5000, y: 1 } });
  assert.equal(off.data.error, 'GESTURE_FAILED');
});

test('long_click runs the long-click transition; focus focuses a field', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  await step(h, 'click', { matcher: { resourceId: `${THERMO}boost` }, clickType: 'long_click' });
  assert.equal(
    (await step(h, 'read_text', { matcher: { resourceId: `${THERMO}value_mode` } })).data.text,
    'Boost (held)',
  );
  h.ui.launch('com.svc.login');
  await step(h, 'click', { matcher: { resourceId: `${LOGIN}username` }, clickType: 'focus' });
  assert.match(h.ui.dumpXml(), /resource-id="com.svc.login:id\/username"[^>]*focused="true"/);
});

test('click on a node with no clickable ancestor fails with NODE_NOT_CLICKABLE', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  const r = await step(h, 'click', { matcher: { resourceId: `${LOGIN}heading` }, retry: ONCE });
  assert.equal(r.data.error, 'NODE_NOT_CLICKABLE');
});

test('enter_text types into the field, hides a password, and submit presses enter', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.login');
  const user = await step(h, 'enter_text', { matcher: { resourceId: `${LOGIN}username` }, text: 'ada', clear: true });
  assert.deepEqual(user.data, { text: 'ada', submit: 'false' });
  await step(h, 'enter_text', {
    matcher: { role: 'textfield', contentDescEquals: 'Password' },
    text: 'pw1',
    submit: true,
  });
  assert.equal((await step(h, 'read_text', { matcher: { resourceId: `${LOGIN}welcome` } })).data.text, 'Welcome, ada');
});

test('read_text returns the first match, all matches, and looks only inside a container', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  assert.deepEqual(
    (await step(h, 'read_text', { matcher: { resourceId: `${THERMO}current_temp` }, validator: 'temperature' })).data,
    { text: '21.5°C', validator: 'temperature' },
  );
  const all = await step(h, 'read_text', { matcher: { textContains: '°C' }, all: true });
  assert.ok(Number(all.data.count) > 3);
  const inside = await step(h, 'read_text', {
    matcher: { textContains: ':00' },
    container: { resourceId: `${THERMO}schedule` },
    all: true,
  });
  assert.equal(JSON.parse(inside.data.texts!)[0], '06:00');
});

test('read_text validators: version and regex pass, a mismatch fails, unknown or broken validators are step errors', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  const fw = { resourceId: `${THERMO}value_firmware` };
  assert.equal((await step(h, 'read_text', { matcher: fw, validator: 'version' })).data.validator, 'version');
  assert.equal(
    (await step(h, 'read_text', { matcher: fw, validator: 'regex', validatorPattern: '^v\\d' })).success,
    true,
  );
  assert.equal(
    (await step(h, 'read_text', { matcher: fw, validator: 'temperature', retry: ONCE })).data.error,
    'VALIDATION_FAILED',
  );
  assert.equal((await step(h, 'read_text', { matcher: fw, validator: 'color' })).data.error, 'VALIDATOR_INVALID');
  assert.equal(
    (await step(h, 'read_text', { matcher: fw, validator: 'regex', validatorPattern: '(' })).data.error,
    'VALIDATOR_INVALID',
  );
});

test('read_key_value_pair reads the value beside a label, or all pairs', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  assert.deepEqual((await step(h, 'read_key_value_pair', { labelMatcher: { textEquals: 'Humidity' } })).data, {
    label: 'Humidity',
    value: '45%',
  });
  const all = await step(h, 'read_key_value_pair', {
    labelMatcher: { resourceId: 'com.svc.thermostat:id/label_target' },
    all: true,
  });
  assert.deepEqual(JSON.parse(all.data.pairs!), [{ label: 'Target', value: '22.0°C' }]);
});

test('wait_for_node finds a node that appears later, and fails with NODE_NOT_FOUND after its timeout', async () => {
  const h = createHarness();
  setTimeout(() => h.ui.launch('com.svc.login'), 150);
  const r = await step(h, 'wait_for_node', { matcher: { textEquals: 'Log in' }, timeoutMs: 3000 });
  assert.deepEqual(r.data, { resource_id: `${LOGIN}login`, label: 'Log in' });
  const miss = await step(h, 'wait_for_node', { matcher: { textEquals: 'Never' }, timeoutMs: 50, retry: ONCE });
  assert.equal(miss.data.error, 'NODE_NOT_FOUND');
});

test('wait_for_node clamps its timeout into 1..120000 instead of rejecting it', async () => {
  const h = createHarness();
  setTimeout(() => h.ui.launch('com.svc.login'), 100);
  const long = await step(h, 'wait_for_node', { matcher: { textEquals: 'Log in' }, timeoutMs: 10_000_000 });
  assert.equal(long.success, true);
  const low = await step(h, 'wait_for_node', { matcher: { textEquals: 'Never' }, timeoutMs: -5, retry: ONCE });
  assert.equal(low.data.error, 'NODE_NOT_FOUND');
  assert.match(low.data.message!, /within 1ms/);
});

test('wait_for_navigation waits for the expected package and node', async () => {
  const h = createHarness();
  setTimeout(() => h.ui.launch('com.android.settings'), 100);
  const r = await step(h, 'wait_for_navigation', {
    expectedPackage: 'com.android.settings',
    expectedNode: { textEquals: 'Settings' },
    timeoutMs: 2000,
  });
  assert.equal(r.data.package, 'com.android.settings');
  const miss = await step(h, 'wait_for_navigation', { expectedPackage: 'com.svc.login', timeoutMs: 50 });
  assert.equal(miss.data.error, 'NAVIGATION_TIMEOUT');
});

test('snapshot_ui sends the hierarchy in frames that equal the uiautomator dump', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  const out = await h.run([{ id: 'snap', type: 'snapshot_ui' }]);
  const step0 = out.envelope.stepResults[0]!;
  assert.equal(step0.data.actual_format, 'hierarchy_xml');
  assert.equal(step0.data.operator_overlay_visible, 'false');
  assert.equal(out.hierarchy.get('snap'), h.ui.dumpXml());
  const frameIndex = out.lines.findIndex((l) => l.startsWith(`[svc-Frame] hierarchy ${out.commandId}/snap 1/`));
  const resultIndex = out.lines.findIndex((l) => l.startsWith('[svc-Result]'));
  assert.ok(frameIndex >= 0 && frameIndex < resultIndex);
  for (const l of out.lines.filter((x) => x.startsWith('[svc-Frame]'))) {
    assert.ok(Buffer.from(l.split(' ').at(-1)!, 'base64').length <= 2700);
  }
  const removed = await step(h, 'snapshot_ui', { format: 'json' });
  assert.equal(removed.data.error, 'EXECUTION_VALIDATION_FAILED');
});
