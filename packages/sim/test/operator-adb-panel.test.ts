// svc's operator through the real adb binary: the on-screen log panel it keeps from the app's later builds
// (operator/on-screen-log.ts), the brand word, the debug package and the version.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PNG } from 'pngjs';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { shQuote } from './helpers.ts';
import { ONCE, outcomes, run, uiOf } from './operator-adb-helpers.ts';

let lab: Lab;
let sim: SimDevice;
let q: SimDevice;
let p: SimDevice;
let acme: SimDevice;
let dev: SimDevice;

before(async () => {
  lab = await createLab({
    devices: [
      {},
      { apiLevel: 29, display: { cutoutTopPx: 200 } },
      { apiLevel: 28 },
      { brand: 'acme' },
      { operator: { package: 'com.svc.operator.dev', versionName: '0.1.3-dev', versionCode: 13 } },
    ],
  });
  [sim, q, p, acme, dev] = lab.devices as [SimDevice, SimDevice, SimDevice, SimDevice, SimDevice];
});
after(() => lab?.close());

const shell = (device: SimDevice, line: string) => lab.adb('-s', device.serial, 'shell', line);
const panel = (params: Record<string, unknown>, id = 'set') => ({ id, type: 'set_on_screen_log', params });
const snapshot = (id = 'snap') => ({ id, type: 'snapshot_ui' });

async function pixel(device: SimDevice, x: number, y: number): Promise<number[]> {
  const png = PNG.sync.read((await lab.adbBytes('-s', device.serial, 'exec-out', 'screencap -p')).stdout);
  const i = (y * png.width + x) * 4;
  return [...png.data.subarray(i, i + 3)];
}

test('panel: exact keys and physical-pixel bounds, the text is never echoed, invisible to read_text', async () => {
  const secret = 'PANEL secret text';
  const r = await run(lab, sim, [
    panel({ text: secret, ttlMs: 0 }),
    { id: 'read', type: 'read_text', params: { matcher: { textContains: 'PANEL' }, all: true, retry: ONCE } },
    { id: 'clear', type: 'clear_on_screen_log' },
  ]);
  assert.deepEqual(r.envelope.stepResults[0]!.data, {
    visible: 'true',
    rendered: 'true',
    truncated: 'false',
    anchor: 'right',
    text_align: 'left',
    top_offset_dp: '48',
    edge_offset_dp: '8',
    width_dp: '240',
    font_size_sp: '12',
    text_color: '#FFFFFFFF',
    background_color: '#B3000000',
    ttl_ms: '0',
    bounds: '[429,236][1059,323]',
  });
  assert.ok(!r.lines.some((l) => l.includes('secret')), 'the text never appears in the log');
  assert.equal(r.envelope.stepResults[1]!.data.count, '0');
  assert.deepEqual(r.envelope.stepResults[2]!.data, { visible: 'false' });
});

test('panel: a bad payload changes nothing; each set replaces the whole panel (no merging)', async () => {
  const first = await run(lab, sim, [
    panel({ text: 'red', backgroundColor: '#FFFF0000', anchor: 'left', ttlMs: 0 }),
    panel({ text: 'x', colour: '#FF00FF00' }, 'unknown'),
    panel({ text: 'x', widthDp: 47 }, 'range'),
    snapshot(),
  ]);
  assert.deepEqual(outcomes(first.envelope), [
    'ok',
    'EXECUTION_VALIDATION_FAILED',
    'EXECUTION_VALIDATION_FAILED',
    'ok',
  ]);
  assert.equal(first.envelope.stepResults[3]!.data.operator_overlay_visible, 'true');
  const [left, top] = first.envelope.stepResults[0]!.data.bounds!.match(/\d+/g)!.map(Number) as [number, number];
  assert.deepEqual(await pixel(sim, left + 3, top + 3), [255, 0, 0]);
  const second = await run(lab, sim, [panel({ text: 'plain', ttlMs: 0 })]);
  const data = second.envelope.stepResults[0]!.data;
  assert.deepEqual([data.anchor, data.background_color], ['right', '#B3000000']);
  await run(lab, sim, [{ id: 'clear', type: 'clear_on_screen_log' }]);
});

test('panel: ttl removes its own generation; a replacement cancels the earlier expiry', async () => {
  const expired = await run(lab, sim, [
    panel({ text: 'short', ttlMs: 300 }),
    { id: 'wait', type: 'sleep', params: { durationMs: 700 } },
    snapshot(),
  ]);
  assert.equal(expired.envelope.stepResults[2]!.data.operator_overlay_visible, 'false');
  const replaced = await run(lab, sim, [
    panel({ text: 'gen1', ttlMs: 300 }, 'gen1'),
    panel({ text: 'gen2', ttlMs: 0 }, 'gen2'),
    { id: 'wait', type: 'sleep', params: { durationMs: 700 } },
    snapshot(),
    { id: 'clear', type: 'clear_on_screen_log' },
  ]);
  assert.equal(replaced.envelope.stepResults[3]!.data.operator_overlay_visible, 'true');
});

test('panel: long text is truncated when a line fits, else ON_SCREEN_LOG_LAYOUT_INVALID', async () => {
  const text = Array.from({ length: 400 }, (_, i) => `line ${i}`).join('\n');
  const r = await run(lab, sim, [
    panel({ text, ttlMs: 0 }),
    panel({ text: 'x', topOffsetDp: 800 }, 'low'),
    { id: 'clear', type: 'clear_on_screen_log' },
  ]);
  assert.equal(r.envelope.stepResults[0]!.data.truncated, 'true');
  const bottom = Number(r.envelope.stepResults[0]!.data.bounds!.match(/\d+/g)![3]);
  assert.ok(bottom <= 2400 - 132, 'stays above the navigation bar');
  assert.equal(r.envelope.stepResults[1]!.data.error, 'ON_SCREEN_LOG_LAYOUT_INVALID');
});

test('panel: API 28 with a declared cutout fails with ON_SCREEN_LOG_LAYOUT_INVALID; API 29 reads the insets', async () => {
  assert.deepEqual(outcomes((await run(lab, p, [panel({ text: 'x' })])).envelope), ['ok']);
  uiOf(p).display.cutoutTopPx = 200;
  const old = await run(lab, p, [panel({ text: 'x' })]);
  assert.deepEqual(outcomes(old.envelope), ['ON_SCREEN_LOG_LAYOUT_INVALID']);
  const newer = await run(lab, q, [panel({ text: 'x', topOffsetDp: 0 })]);
  assert.match(newer.envelope.stepResults[0]!.data.bounds!, /^\[429,200\]/);
});

test('panel: a configuration change (adb shell wm density / wm size) recomputes it, or removes it', async () => {
  await run(lab, sim, [panel({ text: 'x', backgroundColor: '#FF0000FF', topOffsetDp: 600, ttlMs: 0 })]);
  assert.equal((await shell(sim, 'wm density 320')).code, 0);
  // At 320 dpi: 240 dp = 480 px wide, 8 dp = 16 px from the right edge, 600 dp = 1200 px below the 110 px bar.
  assert.deepEqual(await pixel(sim, 1080 - 16 - 480 + 3, 110 + 1200 + 3), [0, 0, 255]);
  assert.equal((await run(lab, sim, [snapshot()])).envelope.stepResults[0]!.data.operator_overlay_visible, 'true');
  await shell(sim, 'wm density reset; wm size 2400x1080');
  assert.equal((await run(lab, sim, [snapshot()])).envelope.stepResults[0]!.data.operator_overlay_visible, 'false');
  await shell(sim, 'wm size reset');
  assert.equal(uiOf(sim).display.width, 1080);
});

test('panel: the font size follows the font scale (settings put system font_scale)', async () => {
  const height = (r: Awaited<ReturnType<typeof run>>) => {
    const [, top, , bottom] = r.envelope.stepResults[0]!.data.bounds!.match(/\d+/g)!.map(Number) as number[];
    return bottom! - top!;
  };
  const normal = height(await run(lab, q, [panel({ text: 'x', ttlMs: 0 })]));
  assert.equal((await shell(q, 'settings put system font_scale 2.0')).code, 0);
  try {
    const large = height(await run(lab, q, [panel({ text: 'x', ttlMs: 0 })]));
    assert.ok(large > normal, `${large} > ${normal}`);
  } finally {
    await shell(q, 'settings put system font_scale 1.0');
    await run(lab, q, [{ id: 'clear', type: 'clear_on_screen_log' }]);
  }
});

test('panel: not touchable, a tap inside it reaches the app below', async () => {
  const r = await run(lab, sim, [
    { id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    panel({ text: 'over the search field', topOffsetDp: 80, ttlMs: 0 }),
  ]);
  const [left, top] = r.envelope.stepResults[1]!.data.bounds!.match(/\d+/g)!.map(Number) as [number, number];
  const tap = await run(lab, sim, [
    { id: 'tap', type: 'click', params: { coordinate: { x: left + 10, y: top + 10 } } },
    snapshot(),
    { id: 'clear', type: 'clear_on_screen_log' },
  ]);
  assert.deepEqual(outcomes(tap.envelope), ['ok', 'ok', 'ok']);
  assert.match(tap.hierarchy('snap')!, /resource-id="com.android.settings:id\/search_src_text"[^>]*focused="true"/);
});

test('the brand word: com.acme.operator answers app.acme.operator.ACTION_AGENT_COMMAND with [acme-Result]', async () => {
  assert.equal((await shell(acme, 'pm list packages operator')).stdout, 'package:com.acme.operator\n');
  const payload = JSON.stringify({
    commandId: 'acme-1',
    taskId: 't',
    source: 'rules',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 5000,
    actions: [{ id: 'ping', type: 'doctor_ping' }],
  });
  const sent = await shell(
    acme,
    `am broadcast -a app.acme.operator.ACTION_AGENT_COMMAND -p com.acme.operator --es payload ${shQuote(payload)} --receiver-foreground`,
  );
  assert.match(sent.stdout, /Broadcast completed: result=0/);
  let line = '';
  for (let i = 0; i < 100 && !line; i++) {
    const log = await lab.adb('-s', acme.serial, 'logcat', '-d', '-v', 'raw');
    line = log.stdout.split('\n').find((l) => l.startsWith('[acme-Result] ')) ?? '';
  }
  assert.match(line, /^\[acme-Result\] \{"commandId":"acme-1",.*"success":true/);
});

test('the debug package com.svc.operator.dev with its own version answers broadcasts sent to it', async () => {
  assert.equal((await shell(dev, 'pm list packages operator')).stdout, 'package:com.svc.operator.dev\n');
  const dumped = (await shell(dev, 'dumpsys package com.svc.operator.dev')).stdout;
  assert.match(dumped, /\n {4}versionName=0\.1\.3-dev\n/);
  assert.match(dumped, /\n {4}versionCode=13 /);
  const r = await run(lab, dev, [{ id: 'ping', type: 'doctor_ping' }], { operatorPackage: 'com.svc.operator.dev' });
  assert.equal(r.envelope.stepResults[0]!.data.developer_options_enabled, 'true');
});

test('the release operator defaults to the version of svc', async () => {
  const svcVersion = JSON.parse(await readFile(join(import.meta.dirname, '../../svc/package.json'), 'utf8')).version;
  const dumped = (await shell(sim, 'dumpsys package com.svc.operator')).stdout;
  assert.ok(dumped.includes(`\n    versionName=${svcVersion}\n`), dumped);
});
