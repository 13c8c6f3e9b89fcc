// A click where views overlap, through real adb on simulated stock phones whose `uiautomator dump` lists children
// as Android does and whose `input tap` reaches the view drawn on top.
//
// Android lists a view's children to accessibility, hence in a dump, sorted by position, not by drawing order: AOSP
// frameworks/base core/java/android/view/ViewGroup.java, addChildrenForAccessibility ->
// ChildListForAccessibility.obtain(parent, true) -> ViewLocationHolder.compareTo / compareBoundsOfTree (wholly above
// first, then left, then top, then taller, then wider). Only `drawing-order` (AccessibilityNodeInfo.getDrawingOrder,
// View.populateAccessibilityNodeInfoDrawingOrderInParent: 1 for the child drawn first) says which sibling is on top,
// and only the newest dumps carry it: the framework's dumper as mirrored writes neither `drawing-order` nor `hint`
// (aosp-mirror/platform_frameworks_base @4fecab570da64a1956352aedf1b3245d3ba26030,
// cmds/uiautomator/library/core-src/com/android/uiautomator/core/AccessibilityNodeInfoDumper.java dumpNodeRec), nor
// does an Android 12 (API 31) emulator, while Android 16's (API 36) writes `hint` (mobile-next/mobile-mcp#340, the
// maintainer's comment of 2026-08-26); every public one-line capture with `hint` has `drawing-order` just before it
// (fixtures/real-dumps/*-api36.xml). androidx's dumper (uiautomator2, Appium) writes `drawing-order` from API 24, but
// `adb shell uiautomator dump` does not use it. Android 15 is modelled without it (no capture says either way).
//
// The reels app draws its tab bar over a full-screen video layer that starts lower: the bar comes first in the dump
// (smaller top), the layer after it spans every point of the "Following" tab. Taking "later in the dump" for "drawn
// on top", svc refused that tab with NODE_NOT_CLICKABLE.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runAdb, step } from './adb-driver-helpers.ts';

const REELS = 'com.example.reels';
const SCRIM = 'com.example.scrim';

const reelsApp = {
  package: REELS,
  label: 'Reels',
  launchable: true,
  start: 'feed',
  vars: { tab: 'none', paused: 'no' },
  screens: {
    feed: {
      root: {
        class: 'FrameLayout',
        orientation: 'overlay',
        children: [
          // Drawn first: the video layer, 50 px below the top of the content, taking taps anywhere (pause).
          {
            class: 'FrameLayout',
            id: 'video_layer',
            desc: 'Video',
            clickable: true,
            frame: { top: 50 },
            onClick: { set: { paused: 'yes' } },
          },
          // Drawn over it: the tab bar, from the top of the content.
          {
            id: 'top_bar',
            frame: { top: 0, height: 300 },
            children: [
              { class: 'TextView', id: 'status', text: 'Tab {tab}, paused {paused}', height: 100 },
              {
                orientation: 'horizontal',
                height: 200,
                children: [
                  { class: 'TextView', id: 'following', text: 'Following', onClick: { set: { tab: 'following' } } },
                  { class: 'TextView', id: 'for_you', text: 'For You', onClick: { set: { tab: 'for-you' } } },
                ],
              },
            ],
          },
        ],
      },
    },
  },
};

// A button under a full-screen scrim drawn over it: covered for real.
const scrimApp = {
  package: SCRIM,
  label: 'Scrim',
  launchable: true,
  start: 'main',
  screens: {
    main: {
      root: {
        class: 'FrameLayout',
        orientation: 'overlay',
        children: [
          { class: 'Button', id: 'like', text: 'Like', frame: { left: 100, top: 400, width: 300, height: 150 } },
          { class: 'FrameLayout', id: 'scrim', clickable: true },
        ],
      },
    },
  },
};

const open = (app: string) => ({ id: 'open', type: 'open_app', params: { applicationId: app } });
const click = (text: string) => ({
  id: 'click',
  type: 'click',
  params: { matcher: { textEquals: text }, retry: { maxAttempts: 1 } },
});

describe('a click where views overlap, on phones that dump in accessibility order', () => {
  let lab: Lab;
  const apps = mkdtempSync(join(tmpdir(), 'svc-hit-test-apps-'));
  before(async () => {
    writeFileSync(join(apps, 'reels.json'), JSON.stringify(reelsApp));
    writeFileSync(join(apps, 'scrim.json'), JSON.stringify(scrimApp));
    lab = await createLab({
      devices: [
        { operator: false, apiLevel: 35, appsDir: apps },
        { operator: false, apiLevel: 36, appsDir: apps },
      ],
    });
  });
  after(async () => {
    await lab?.close();
    rmSync(apps, { recursive: true, force: true, maxRetries: 5 });
  });

  const dump = async (index: number) =>
    (await lab.adb('-s', lab.devices[index]!.serial, 'exec-out', 'uiautomator dump /dev/tty')).stdout;
  const taps = (index: number) =>
    lab.devices[index]!.device.inputs.entries().flatMap((e) =>
      e.kind === 'tap' ? [{ x: e.x, y: e.y, touched: e.node?.resourceId }] : [],
    );

  test('the dump lists the tab bar before the video layer drawn under it; drawing-order only from Android 16', async () => {
    for (const index of [0, 1]) {
      await runAdb(lab, index, [open(REELS)]);
      const xml = await dump(index);
      const bar = xml.indexOf(`resource-id="${REELS}:id/top_bar"`);
      const layer = xml.indexOf(`resource-id="${REELS}:id/video_layer"`);
      assert.ok(bar > 0 && layer > bar, 'the bar (top 110) sorts before the layer (top 160)');
      // The layer has index 1 in the dump (second after sorting), the bar index 0.
      assert.match(xml, /<node index="1" text="" resource-id="com\.example\.reels:id\/video_layer"/);
      const orders = [...xml.matchAll(/drawing-order="(\d+)"/g)].length;
      if (index === 0) assert.equal(orders, 0, 'Android 15 dumps carry no drawing-order');
      else {
        assert.ok(orders > 0);
        assert.match(xml, /resource-id="com\.example\.reels:id\/top_bar"[^>]*drawing-order="2"/);
        assert.match(xml, /resource-id="com\.example\.reels:id\/video_layer"[^>]*drawing-order="1"/);
      }
    }
  });

  for (const [index, release] of [
    [0, 'Android 15, no drawing-order'],
    [1, 'Android 16, with drawing-order'],
  ] as const) {
    test(`${release}: a tab drawn over a full-screen video layer is tapped, and the tap reaches the tab`, async () => {
      await runAdb(lab, index, [{ id: 'stop', type: 'close_app', params: { applicationId: REELS } }, open(REELS)]);
      lab.devices[index]!.device.inputs.clear();
      const run = await runAdb(lab, index, [click('Following'), { id: 'read', type: 'snapshot_ui' }]);
      assert.equal(step(run, 'click').success, true, JSON.stringify(run.steps));
      // Following is [0,210][540,410]: its centre, where the phone hands the touch to the tab, not to the layer.
      assert.deepEqual(taps(index), [{ x: 270, y: 310, touched: `${REELS}:id/following` }]);
      assert.match(String(step(run, 'read').data?.text), /Tab following, paused no/);
    });
  }

  test('Android 16: a button under a scrim drawn over it is refused, and nothing is tapped', async () => {
    await runAdb(lab, 1, [open(SCRIM)]);
    lab.devices[1]!.device.inputs.clear();
    const run = await runAdb(lab, 1, [click('Like')]);
    const clicked = step(run, 'click');
    assert.equal(clicked.success, false);
    assert.equal(clicked.data?.error, 'NODE_NOT_CLICKABLE', JSON.stringify(clicked));
    assert.deepEqual(taps(1), []);
  });

  test('Android 15: the same button is tapped at its centre (the dump cannot tell it is covered); the scrim takes it', async () => {
    await runAdb(lab, 0, [open(SCRIM)]);
    lab.devices[0]!.device.inputs.clear();
    const run = await runAdb(lab, 0, [click('Like')]);
    assert.equal(step(run, 'click').success, true, JSON.stringify(run.steps));
    assert.deepEqual(taps(0), [{ x: 250, y: 585, touched: `${SCRIM}:id/scrim` }]);
  });
});
