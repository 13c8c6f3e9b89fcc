// After a scroll by the operator app, the screenshot shows every row on screen. The operator's swipe works in
// Float ratios of the list's height (Clawperator's gestureSwipeWithin, TaskUiScopeDefault.kt:1055-1123), so a list
// stops a fraction of a pixel into a row and every row below the first lies at a fractional offset; the screenshot
// still draws each one where the dump's bounds say (a phone's rows are whole pixels on screen), through real adb.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { createLab, type Lab } from 'svc-sim/testing';
import { runAdb, step } from './adb-driver-helpers.ts';

const SETTINGS = 'com.android.settings';

describe('the screenshot after the operator scrolls', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(() => lab?.close());

  test('every row title on screen has its text drawn', async () => {
    const serial = lab.devices[0]!.serial;
    const run = await runAdb(
      lab,
      0,
      [
        { id: 'open', type: 'open_app', params: { applicationId: SETTINGS } },
        { id: 'scroll', type: 'scroll', params: { direction: 'down' } },
      ],
      {},
      'operator',
    );
    assert.equal(step(run, 'scroll').success, true, JSON.stringify(run.steps));
    const xml = (await lab.adb('-s', serial, 'exec-out', 'uiautomator dump /dev/tty')).stdout;
    const titles = [
      ...xml.matchAll(/resource-id="com\.android\.settings:id\/title"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g),
    ]
      .map((m) => m.slice(1).map(Number) as [number, number, number, number])
      .filter(([, top, , bottom]) => bottom - top >= 60);
    assert.ok(titles.length >= 5, `${titles.length} whole rows`);
    const png = PNG.sync.read((await lab.adbBytes('-s', serial, 'exec-out', 'screencap -p')).stdout);
    const dark = ([left, top, right, bottom]: [number, number, number, number]) => {
      let ink = 0;
      for (let y = top + 4; y < bottom - 4; y++) {
        for (let x = left + 4; x < right - 4; x++) if (png.data[(y * png.width + x) * 4]! < 80) ink++;
      }
      return ink;
    };
    const blank = titles.filter((t) => dark(t) === 0);
    assert.deepEqual(blank, [], 'rows drawn without their text');
  });
});
