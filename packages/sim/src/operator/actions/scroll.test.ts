import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { findFirst } from '../../ui/match.ts';
import { createHarness, step } from '../harness.test-helper.ts';

const appsDir = join(import.meta.dirname, '../../ui/test-apps');
const S = 'com.android.settings:id/';
const L = 'com.example.lists:id/';
const fast = { settleDelayMs: 0 };

function settings() {
  const h = createHarness({ appsDir });
  h.ui.launch('com.android.settings');
  return h;
}

test('scroll moves the first scrollable container and names it when auto-detected', async () => {
  const h = settings();
  const r = await step(h, 'scroll', fast);
  assert.deepEqual(r.data, {
    scroll_outcome: 'moved',
    direction: 'down',
    distance_ratio: '0.7',
    settle_delay_ms: '0',
    resolved_container: `${S}recycler_view`,
  });
  assert.equal(findFirst(h.ui.tree(), { textEquals: 'Network & internet' }), undefined);
});

test('scroll reports edge_reached at the top and gesture_failed across the axis', async () => {
  const h = settings();
  const up = await step(h, 'scroll', { direction: 'up', ...fast });
  assert.equal(up.success, true);
  assert.equal(up.data.scroll_outcome, 'edge_reached');
  const left = await step(h, 'scroll', { direction: 'left', ...fast });
  assert.equal(left.success, false);
  assert.equal(left.data.scroll_outcome, 'gesture_failed');
  assert.equal(left.data.error, 'GESTURE_FAILED');
});

test('scroll uses the first scrollable child of a non-scrollable container unless told not to', async () => {
  const h = settings();
  const wrapper = { container: { resourceId: `${S}settings_container` }, ...fast };
  const r = await step(h, 'scroll', wrapper);
  assert.equal(r.data.scroll_outcome, 'moved');
  assert.equal(r.data.resolved_container, undefined);
  const no = await step(h, 'scroll', { ...wrapper, findFirstScrollableChild: false });
  assert.equal(no.data.error, 'CONTAINER_NOT_SCROLLABLE');
  const missing = await step(h, 'scroll', { container: { resourceId: `${S}nope` } });
  assert.equal(missing.data.error, 'CONTAINER_NOT_FOUND');
});

test('scroll right moves a horizontal tab strip', async () => {
  const h = createHarness();
  h.ui.launch('com.svc.thermostat');
  assert.equal(findFirst(h.ui.tree(), { role: 'tab', textEquals: 'Office' }), undefined);
  const r = await step(h, 'scroll', {
    container: { resourceId: 'com.svc.thermostat:id/room_tabs' },
    direction: 'right',
    ...fast,
  });
  assert.equal(r.data.scroll_outcome, 'moved');
  assert.ok(findFirst(h.ui.tree(), { role: 'tab', textEquals: 'Office' }));
});

async function until(h: ReturnType<typeof createHarness>, params: Record<string, unknown>) {
  return step(h, 'scroll_until', { ...fast, ...params });
}

test('scroll_until stops when the matcher shows and clicks it with clickAfter', async () => {
  const h = settings();
  const r = await until(h, { matcher: { textEquals: 'Developer options' }, clickAfter: true });
  assert.equal(r.data.termination_reason, 'TARGET_FOUND');
  assert.ok(Number(r.data.scrolls_executed) > 0);
  assert.equal(r.data.click_types, 'default');
  assert.equal(h.ui.screenName(), 'developer');
});

test('scroll_until reports EDGE_REACHED at the end of the list', async () => {
  const h = settings();
  const r = await until(h, { maxScrolls: 200 });
  assert.equal(r.success, true);
  assert.equal(r.data.termination_reason, 'EDGE_REACHED');
  assert.equal(r.data.resolved_container, `${S}recycler_view`);
});

test('scroll_until reports MAX_SCROLLS_REACHED on the 200-row list', async () => {
  const h = settings();
  h.ui.click(findFirst(h.ui.tree(), { textEquals: 'Apps' })!);
  const r = await until(h, { maxScrolls: 3 });
  assert.deepEqual([r.data.termination_reason, r.data.scrolls_executed], ['MAX_SCROLLS_REACHED', '3']);
});

test('scroll_until reports MAX_DURATION_REACHED when its time is up', async () => {
  const h = settings();
  h.ui.click(findFirst(h.ui.tree(), { textEquals: 'Apps' })!);
  const r = await until(h, { maxDurationMs: 250, settleDelayMs: 100, maxScrolls: 200 });
  assert.equal(r.data.termination_reason, 'MAX_DURATION_REACHED');
  assert.ok(Number(r.data.scrolls_executed) >= 1);
});

test('scroll_until reports NO_POSITION_CHANGE when the list stops moving', async () => {
  const h = createHarness({ appsDir });
  h.ui.launch('com.example.lists');
  const r = await until(h, { container: { resourceId: `${L}frozen` }, noPositionChangeThreshold: 2 });
  assert.deepEqual([r.data.termination_reason, r.data.scrolls_executed], ['NO_POSITION_CHANGE', '2']);
});

test('scroll_until fails with CONTAINER_NOT_FOUND and CONTAINER_NOT_SCROLLABLE', async () => {
  const h = createHarness({ appsDir });
  h.ui.launch('com.example.lists');
  const nf = await until(h, { container: { resourceId: `${L}missing` } });
  assert.equal(nf.success, false);
  assert.deepEqual([nf.data.termination_reason, nf.data.error], ['CONTAINER_NOT_FOUND', 'CONTAINER_NOT_FOUND']);
  const ns = await until(h, { container: { resourceId: `${L}plain` } });
  assert.deepEqual(
    [ns.data.termination_reason, ns.data.error],
    ['CONTAINER_NOT_SCROLLABLE', 'CONTAINER_NOT_SCROLLABLE'],
  );
});

test('scroll_until reports a container that vanished mid-way as EDGE_REACHED', async () => {
  const h = settings();
  h.ui.click(findFirst(h.ui.tree(), { textEquals: 'Apps' })!);
  setTimeout(() => h.ui.back(), 120);
  const r = await until(h, { settleDelayMs: 50, maxScrolls: 200 });
  assert.equal(r.data.termination_reason, 'EDGE_REACHED');
});

test('scroll_until needs a matcher when clickAfter is true', async () => {
  const h = settings();
  const r = await until(h, { clickAfter: true });
  assert.equal(r.data.error, 'EXECUTION_VALIDATION_FAILED');
});

test('scroll_and_click reveals a row far down the 200-row list and clicks it', async () => {
  const h = settings();
  h.ui.click(findFirst(h.ui.tree(), { textEquals: 'Apps' })!);
  const r = await step(h, 'scroll_and_click', { target: { textEquals: 'App 150' }, maxSwipes: 30, ...fast });
  assert.deepEqual(r.data, { max_swipes: '30', direction: 'down', click_types: 'default', click_after: 'true' });
  assert.equal(findFirst(h.ui.tree(), { resourceId: `${S}app_title` })!.text, 'App 150');
});

test('scroll_and_click with clickAfter false only reveals; a target beyond maxSwipes is NODE_NOT_FOUND', async () => {
  const h = settings();
  h.ui.click(findFirst(h.ui.tree(), { textEquals: 'Apps' })!);
  const reveal = await step(h, 'scroll_and_click', { target: { textEquals: 'App 30' }, clickAfter: false, ...fast });
  assert.equal(reveal.data.click_after, 'false');
  assert.ok(findFirst(h.ui.tree(), { textEquals: 'App 30' }));
  assert.equal(h.ui.screenName(), 'apps');
  const far = await step(h, 'scroll_and_click', { target: { textEquals: 'App 199' }, maxSwipes: 1, ...fast });
  assert.equal(far.data.error, 'NODE_NOT_FOUND');
});
