// The device shell's commands driven through the real adb binary: what adb users type reaches the commands intact
// and their output, exit statuses and side effects come back as on a phone.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import { buildApk } from '../src/device/apk.ts';
import type { BroadcastIntent } from '../src/device/types.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';
import { shQuote } from './helpers.ts';

describe('device shell commands through real adb', () => {
  let lab: Lab;
  let serial: string;
  let scratch: string;
  before(async () => {
    lab = await createLab({ devices: [{ model: 'Pixel 9', apiLevel: 35 }] });
    serial = lab.devices[0]!.serial;
    scratch = await mkdtemp(join(tmpdir(), 'svc-sim-shell-'));
  });
  after(async () => {
    await lab?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5 });
  });
  const shell = (line: string) => lab.adb('-s', serial, 'shell', line);

  it('delivers a host-quoted am broadcast payload byte-identical to the receiver', async () => {
    const device = lab.devices[0]!.device;
    const got: BroadcastIntent[] = [];
    device.registerReceiver('com.android.settings', 'test.ACTION', (intent) => got.push(intent));
    const payload = `{"text":"it's \\"x\\" $(id) \`id\` \\\\ ✓ 😀","n":[1,2]}`;
    const args = ['am', 'broadcast', '-a', 'test.ACTION', '-p', 'com.android.settings', '--es', 'payload', payload];
    const result = await shell(args.map(shQuote).join(' '));
    assert.equal(result.code, 0, result.stderr);
    assert.equal(
      result.stdout,
      'Broadcasting: Intent { act=test.ACTION flg=0x400000 pkg=com.android.settings (has extras) }\nBroadcast completed: result=0\n',
    );
    assert.equal(got.at(-1)?.extras.payload, payload);
  });

  it('answers getprop, settings and wm as a phone does', async () => {
    const result = await shell(
      'getprop ro.product.model; getprop sys.boot_completed; settings get global adb_enabled; wm size',
    );
    assert.equal(result.stdout, 'Pixel 9\n1\n1\nPhysical size: 1080x2400\n');
  });

  it('installs a simulator APK in push mode and in streamed mode, and reports a failing one', async () => {
    const pushed = join(scratch, 'pushed.apk');
    await writeFile(pushed, buildApk({ package: 'com.example.pushed', versionName: '1.0.0', versionCode: 3 }, 300_000));
    const push = await lab.adb('-s', serial, 'install', '--no-streaming', pushed);
    assert.equal(push.code, 0, push.stdout + push.stderr);
    assert.match(push.stdout, /Success/);
    const streamed = join(scratch, 'streamed.apk');
    await writeFile(
      streamed,
      buildApk({ package: 'com.example.streamed', versionName: '2.0.0', versionCode: 4 }, 300_000),
    );
    const stream = await lab.adb('-s', serial, 'install', '--streaming', streamed);
    assert.equal(stream.code, 0, stream.stdout + stream.stderr);
    const listed = await shell('pm list packages -3 com.example');
    assert.equal(listed.stdout, 'package:com.example.pushed\npackage:com.example.streamed\n');
    assert.match((await shell('dumpsys package com.example.streamed')).stdout, /\n {4}versionName=2\.0\.0\n/);
    const failing = join(scratch, 'failing.apk');
    await writeFile(
      failing,
      buildApk({
        package: 'com.example.fails',
        versionName: '1',
        versionCode: 1,
        fail: 'INSTALL_FAILED_INSUFFICIENT_STORAGE',
      }),
    );
    const failed = await lab.adb('-s', serial, 'install', failing);
    assert.notEqual(failed.code, 0);
    assert.match(failed.stdout + failed.stderr, /Failure \[INSTALL_FAILED_INSUFFICIENT_STORAGE\]/);
  });

  it('dumps logcat in the format asked for, filtered by tag', async () => {
    lab.devices[0]!.device.log.write({
      pid: 321,
      tid: 322,
      priority: 'W',
      tag: 'ShellSuite',
      message: 'through adb ✓',
    });
    const result = await lab.adb('-s', serial, 'logcat', '-d', '-v', 'threadtime', '-s', 'ShellSuite');
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {3}321 {3}322 W ShellSuite: through adb ✓$/m);
  });

  it('dumps the UI hierarchy to a file adb can pull, and screenshots as PNG through exec-out', async () => {
    const dumped = await shell('uiautomator dump');
    assert.equal(dumped.stdout, 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const xml = await shell('cat /sdcard/window_dump.xml');
    assert.match(xml.stdout, /<hierarchy/);
    const png = await lab.adbBytes('-s', serial, 'exec-out', 'screencap -p');
    const image = PNG.sync.read(png.stdout);
    assert.deepEqual([image.width, image.height], [1080, 2400]);
  });

  it('draws in screencap -p the node boxes and texts that uiautomator dump reports', async () => {
    await shell('monkey -p com.svc.thermostat -c android.intent.category.LAUNCHER 1');
    assert.equal((await shell('uiautomator dump /sdcard/t.xml')).code, 0);
    const xml = (await shell('cat /sdcard/t.xml')).stdout;
    const node = /<node [^>]*text="21\.5°C"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    assert.ok(node, xml);
    const [left, top, right, bottom] = node.slice(1).map(Number) as [number, number, number, number];
    const image = PNG.sync.read((await lab.adbBytes('-s', serial, 'exec-out', 'screencap -p')).stdout);
    const rgb = (x: number, y: number) => [...image.data.subarray((y * 1080 + x) * 4, (y * 1080 + x) * 4 + 3)];
    // The box: its edges are outlined.
    assert.deepEqual(rgb(Math.floor((left + right) / 2), top), [208, 212, 218]);
    assert.deepEqual(rgb(left, Math.floor((top + bottom) / 2)), [208, 212, 218]);
    // The text: dark glyph pixels inside the box, where the text starts.
    let ink = 0;
    for (let y = top + 24; y < Math.min(bottom, top + 52); y++) {
      for (let x = left + 32; x < Math.min(right, left + 32 + 6 * 4 * 6); x++) if (rgb(x, y)[0]! < 100) ink++;
    }
    assert.ok(ink > 50, `glyph pixels of "21.5°C" in its box (found ${ink})`);
  });

  it('starts activities by component and by VIEW uri, and force-stops them, as dumpsys window then shows', async () => {
    const focus = async () => /mCurrentFocus=Window\{\S+ u0 (\S+)\}/.exec((await shell('dumpsys window')).stdout)?.[1];
    const started = await shell('am start -n com.android.settings/.Settings');
    assert.deepEqual(
      [started.code, started.stdout, started.stderr],
      [0, 'Starting: Intent { cmp=com.android.settings/.Settings }\n', ''],
    );
    assert.match((await focus()) ?? '', /^com\.android\.settings\//);
    const viewed = await shell('am start -a android.intent.action.VIEW -d https://example.com/a/b');
    assert.equal(viewed.code, 0, viewed.stderr);
    assert.equal(viewed.stdout, 'Starting: Intent { act=android.intent.action.VIEW dat=https://example.com/... }\n');
    assert.match((await focus()) ?? '', /^com\.svc\.browser\//);
    assert.equal((await shell('am force-stop com.svc.browser')).code, 0);
    assert.doesNotMatch((await focus()) ?? '', /^com\.svc\.browser\//);
    const missing = await shell('am start -n com.android.settings/.Nope');
    assert.equal(missing.code, 1);
    assert.match(
      missing.stderr,
      /Error type 3\nError: Activity class \{com\.android\.settings\/com\.android\.settings\.Nope\} does not exist\./,
    );
  });

  it('launches an app with monkey and fails as Android does for a package without a launcher', async () => {
    const ok = await shell('monkey -p com.android.settings -c android.intent.category.LAUNCHER 1');
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /Events injected: 1/);
    const bad = await shell('monkey -p com.example.none -c android.intent.category.LAUNCHER 1');
    assert.equal(bad.code, 252);
    assert.match(bad.stderr, /\*\* No activities found to run, monkey aborted\./);
  });
});
