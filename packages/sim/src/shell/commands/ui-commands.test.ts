import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import type { UiHost } from '../../device/types.ts';
import { testShell } from '../shell.test-helper.ts';

function recordingUi(calls: string[]): UiHost {
  const png = new PNG({ width: 4, height: 2 });
  png.data.fill(0x80);
  return {
    foregroundPackage: () => 'com.android.launcher3',
    launch: () => true,
    openUri: () => ({ handled: false, handlers: [] }),
    forceStop: () => {},
    dumpXml: () => '<?xml version="1.0"?><hierarchy rotation="0"><node text="Hi ✓" /></hierarchy>',
    uiautomatorXml: () => '<?xml version="1.0"?><hierarchy rotation="0"><node text="Hi ✓" /></hierarchy>',
    runningPackages: () => [],
    keyboardShown: () => false,
    locked: () => false,
    unlock: () => {},
    screencapPng: () => new Uint8Array(PNG.sync.write(png)),
    tap: (x, y) => calls.push(`tap ${x} ${y}`),
    swipe: (x1, y1, x2, y2, ms) => calls.push(`swipe ${x1} ${y1} ${x2} ${y2} ${ms}`),
    keyevent: (code) => calls.push(`key ${code}`),
    inputText: (text) => calls.push(`text ${text}`),
  };
}

describe('input, uiautomator and screencap', () => {
  it('delegates input gestures, text and key events to the UI host', async () => {
    const { device, run } = testShell();
    const calls: string[] = [];
    device.ui = recordingUi(calls);
    await run(
      `input tap 540 1200; input swipe 1 2 3 4; input touchscreen swipe 1 2 3 4 500; input text 'a%sb'; input keyevent KEYCODE_BACK 66`,
    );
    assert.deepEqual(calls, [
      'tap 540 1200',
      'swipe 1 2 3 4 300',
      'swipe 1 2 3 4 500',
      'text a b',
      'key KEYCODE_BACK',
      'key 66',
    ]);
    const bad = await run('input tap one 2');
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^Error: Invalid arguments for command: tap\n/);
  });

  it('dumps the hierarchy to /sdcard/window_dump.xml or a named file with Android own message', async () => {
    const { device, run } = testShell();
    device.ui = recordingUi([]);
    assert.equal((await run('uiautomator dump')).stdout, 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    assert.match(new TextDecoder().decode(device.files.get('/sdcard/window_dump.xml')?.data), /Hi ✓/);
    await run('uiautomator dump /data/local/tmp/ui.xml');
    assert.ok(device.files.has('/data/local/tmp/ui.xml'));
    const tty = await run('uiautomator dump /dev/tty');
    assert.match(tty.stdout, /^<\?xml.*<\/hierarchy>UI hierchary dumped to: \/dev\/tty\n$/);
  });

  it('writes a PNG with -p to stdout or a file, and the raw format without -p', async () => {
    const { device, run } = testShell();
    device.ui = recordingUi([]);
    const png = await run('screencap -p');
    assert.deepEqual([...png.stdoutBytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await run('screencap -p /sdcard/s.png');
    assert.deepEqual(device.files.get('/sdcard/s.png')?.data, png.stdoutBytes);
    const raw = await run('screencap');
    const view = new DataView(raw.stdoutBytes.buffer, raw.stdoutBytes.byteOffset);
    assert.deepEqual(
      [view.getUint32(0, true), view.getUint32(4, true), raw.stdoutBytes.length],
      [4, 2, 16 + 4 * 2 * 4],
    );
  });

  it('works on a bare device with the placeholder UI', async () => {
    const { run } = testShell();
    assert.match((await run('uiautomator dump /dev/tty')).stdout, /package="com\.android\.launcher3"/);
    const png = PNG.sync.read(Buffer.from((await run('screencap -p')).stdoutBytes));
    assert.deepEqual([png.width, png.height], [1080, 2400]);
  });
});
