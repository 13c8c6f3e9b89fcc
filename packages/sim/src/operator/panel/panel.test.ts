import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PNG } from 'pngjs';
import { type AppHarness, appHarness } from '../harness.test-helper.ts';

// The svc variant's panel (the app's later builds have it; operator/on-screen-log.ts).
const createHarness = (options: { props?: Record<string, string> } = {}) => appHarness({ variant: 'svc', ...options });
const ONCE = { maxAttempts: 1 };

async function step(h: AppHarness, type: string, params?: Record<string, unknown>) {
  const out = await h.run([{ id: 'a1', type, ...(params ? { params } : {}) }]);
  const result = out.envelope?.stepResults[0];
  if (!result) throw new Error(`no step result: ${out.messages.join('\n')}`);
  return { ...result, data: result.data ?? {} };
}

const set = (h: AppHarness, params: Record<string, unknown>) => step(h, 'set_on_screen_log', params);

test('set_on_screen_log places the default panel in physical pixels and returns exactly the documented keys', async () => {
  const h = createHarness();
  const r = await set(h, { text: 'secret text', textColor: '#ff00ff00' });
  assert.deepEqual(r.data, {
    visible: 'true',
    rendered: 'true',
    truncated: 'false',
    anchor: 'right',
    text_align: 'left',
    top_offset_dp: '48',
    edge_offset_dp: '8',
    width_dp: '240',
    font_size_sp: '12',
    text_color: '#FF00FF00',
    background_color: '#B3000000',
    ttl_ms: '10000',
    // 1080 px wide at 420 dpi: 240 dp = 630 px, 8 dp = 21 px, 48 dp = 126 px below the 110 px status bar; one
    // 45 px line (12 sp = 32 px font) plus 2 x 21 px padding.
    bounds: '[429,236][1059,323]',
  });
  assert.ok(!JSON.stringify(r).includes('secret text'));
});

test('anchor left measures the edge offset from the left of the usable display', async () => {
  const h = createHarness();
  const r = await set(h, { text: 'x', anchor: 'left', edgeOffsetDp: 16, topOffsetDp: 0 });
  assert.match(r.data.bounds!, /^\[42,110\]\[672,/);
});

test('unknown keys and bad values are rejected and leave the visible panel unchanged', async () => {
  const h = createHarness();
  await set(h, { text: 'first' });
  const before = h.ui.panel;
  for (const bad of [
    { text: 'x', colour: '#FFFFFFFF' },
    { text: 'x', widthDp: 47 },
    { text: 'x', textColor: 'red' },
    { text: '' },
    { text: 'x', value: 'y' },
  ]) {
    const r = await set(h, bad);
    assert.equal(r.data.error, 'EXECUTION_VALIDATION_FAILED', JSON.stringify(bad));
    assert.equal(h.ui.panel, before);
  }
});

test('each set replaces the whole panel: omitted params take their defaults again', async () => {
  const h = createHarness();
  await set(h, { text: 'a', backgroundColor: '#FF112233', anchor: 'left' });
  const r = await set(h, { text: 'b' });
  assert.equal(r.data.background_color, '#B3000000');
  assert.equal(r.data.anchor, 'right');
  assert.deepEqual(h.ui.panel!.backgroundColor, [0, 0, 0, 0xb3]);
});

test('ttl removes its own generation only; a replacement cancels the old expiry', async () => {
  const h = createHarness();
  await set(h, { text: 'short', ttlMs: 100 });
  await sleep(250);
  assert.equal(h.ui.panel, undefined);
  await set(h, { text: 'gen1', ttlMs: 150 });
  await set(h, { text: 'gen2', ttlMs: 0 });
  await sleep(300);
  assert.deepEqual(h.ui.panel!.lines, ['gen2']);
});

test('long text is truncated to the lines that fit; no full line fitting is ON_SCREEN_LOG_LAYOUT_INVALID', async () => {
  const h = createHarness();
  const r = await set(h, { text: Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n') });
  assert.equal(r.data.truncated, 'true');
  assert.ok(h.ui.panel!.bounds.bottom <= 2400 - 132);
  const low = await set(h, { text: 'x', topOffsetDp: 800 });
  assert.equal(low.data.error, 'ON_SCREEN_LOG_LAYOUT_INVALID');
  const wide = await set(h, { text: 'x', widthDp: 1200 });
  assert.equal(wide.data.error, 'ON_SCREEN_LOG_LAYOUT_INVALID');
});

test('API 21 cannot render the panel', async () => {
  const h = createHarness({ props: { 'ro.build.version.sdk': '21' } });
  assert.equal((await set(h, { text: 'x' })).data.error, 'ON_SCREEN_LOG_RENDER_FAILED');
});

test('API 28 with a declared cutout is ON_SCREEN_LOG_LAYOUT_INVALID; API 29 places the panel below the cutout', async () => {
  const old = createHarness({ props: { 'ro.build.version.sdk': '28' } });
  assert.equal((await set(old, { text: 'x' })).success, true);
  old.ui.display.cutoutTopPx = 200;
  assert.equal((await set(old, { text: 'x' })).data.error, 'ON_SCREEN_LOG_LAYOUT_INVALID');
  const q = createHarness({ props: { 'ro.build.version.sdk': '29' } });
  q.ui.display.cutoutTopPx = 200;
  assert.match((await set(q, { text: 'x', topOffsetDp: 0 })).data.bounds!, /^\[429,200\]/);
});

test('a configuration change recomputes the panel from dp values, and removes it when it no longer fits', async () => {
  const h = createHarness();
  await set(h, { text: 'x', topOffsetDp: 600, ttlMs: 0 });
  const before = h.ui.panel!.bounds;
  h.ui.changeConfiguration({ density: 320 });
  assert.notDeepEqual(h.ui.panel!.bounds, before);
  h.ui.changeConfiguration({ width: 2400, height: 1080, density: 420 });
  assert.equal(h.ui.panel, undefined);
});

test('the panel is invisible to snapshots and read_text but drawn on the screenshot', async () => {
  const h = createHarness();
  await set(h, { text: 'PANEL TEXT', backgroundColor: '#FFFF0000', ttlMs: 0 });
  const out = await h.run([
    { id: 'n', type: 'snapshot_ui' },
    { id: 'r', type: 'read_text', params: { matcher: { textContains: 'PANEL' }, all: true, retry: ONCE } },
  ]);
  assert.equal(out.envelope?.stepResults[0]?.data?.operator_overlay_visible, 'true');
  const block = out.messages.find((m) => m.startsWith('[TaskScope] UI Hierarchy:'));
  assert.ok(block !== undefined && !block.includes('PANEL'));
  assert.equal(out.envelope?.stepResults[1]?.data?.count, '0');
  const png = PNG.sync.read(Buffer.from(h.ui.screencapPng()));
  const b = h.ui.panel!.bounds;
  const i = ((b.top + 2) * png.width + b.left + 2) * 4;
  assert.deepEqual([...png.data.subarray(i, i + 3)], [255, 0, 0]);
});

test('clear_on_screen_log answers exactly visible=false, even with nothing shown, and takes no params', async () => {
  const h = createHarness();
  assert.deepEqual((await step(h, 'clear_on_screen_log')).data, { visible: 'false' });
  await set(h, { text: 'x' });
  assert.deepEqual((await step(h, 'clear_on_screen_log', {})).data, { visible: 'false' });
  assert.equal(h.ui.panel, undefined);
  assert.equal((await step(h, 'clear_on_screen_log', { text: 'x' })).data.error, 'EXECUTION_VALIDATION_FAILED');
});

test('a draw acknowledgement later than 2000 ms fails with ON_SCREEN_LOG_RENDER_TIMEOUT', async () => {
  const h = createHarness();
  h.faults.set('delay_on_screen_log_ack', 2300);
  const r = await set(h, { text: 'x' });
  assert.equal(r.data.error, 'ON_SCREEN_LOG_RENDER_TIMEOUT');
  h.faults.set('delay_on_screen_log_ack', 50);
  assert.equal((await set(h, { text: 'x' })).success, true);
});

test('the panel is not touchable: a tap inside it reaches the app below', async () => {
  const h = createHarness();
  h.ui.launch('com.android.settings');
  const r = await set(h, { text: 'over the search field', topOffsetDp: 80, ttlMs: 0 });
  const [left, top] = r.data.bounds!.match(/\d+/g)!.map(Number) as [number, number];
  const tap = await step(h, 'click', { coordinate: { x: left + 10, y: top + 10 } });
  assert.equal(tap.success, true);
  assert.match(h.ui.dumpXml(), /resource-id="com.android.settings:id\/search_src_text"[^>]*focused="true"/);
});

test('fontSizeSp follows the font scale: a larger scale makes taller lines', async () => {
  const h = createHarness();
  await set(h, { text: 'x', ttlMs: 0 });
  const normal = h.ui.panel!.lineHeightPx;
  h.ui.changeConfiguration({ fontScale: 2 });
  assert.ok(h.ui.panel!.lineHeightPx > normal);
});
