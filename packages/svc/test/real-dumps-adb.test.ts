// Real `uiautomator dump` files (fixtures/real-dumps/, sources in its sources.json) shown by a simulated stock phone
// (`svc-sim screen`), through real adb: the dump answers with exactly the file's bytes, svc's adb driver takes its
// snapshot and clicks the node a matcher finds, tapping inside its click target (the device's input log says where
// the finger landed), and the screenshot is the capture's size with its
// bounds and texts drawn.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG } from 'pngjs';
import { createLab, type Lab } from 'svc-sim/testing';
import { runAdb, step } from './adb-driver-helpers.ts';
import { CASES, dumpText, LAYER_CLICKS } from './real-dumps-cases.ts';

const STATUS = 'UI hierchary dumped to: /dev/tty\n';

describe('real dumps on a simulated stock phone (svc-sim screen)', () => {
  let lab: Lab;
  let serial: string;
  const show = (dump: string | undefined) => lab.devices[0]!.device.ui.showScreen!(dump);
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }] });
    serial = lab.devices[0]!.serial;
  });
  after(() => lab?.close());

  for (const [file, want] of Object.entries(CASES)) {
    test(`${file}: dumped byte for byte, snapshot and click by svc's adb driver`, async () => {
      const text = dumpText(file);
      show(text);
      const dumped = await lab.adbBytes('-s', serial, 'exec-out', 'uiautomator dump /dev/tty');
      assert.ok(dumped.stdout.equals(Buffer.from(text + STATUS)), 'the file, then the status line');

      const inputs = lab.devices[0]!.device.inputs;
      inputs.clear();
      const run = await runAdb(lab, 0, [
        { id: 'snap', type: 'snapshot_ui' },
        { id: 'click', type: 'click', params: { matcher: want.matcher, retry: { maxAttempts: 1 } } },
      ]);
      const snap = step(run, 'snap');
      assert.equal(snap.success, true, JSON.stringify(snap));
      assert.ok(String(snap.data?.text).includes(`bounds="${want.bounds}"`), 'the matched node is in the snapshot');
      if (want.refused !== undefined) {
        assert.deepEqual([run.result.ok && run.result.failedCode, inputs.entries()], [want.refused, []]);
        return;
      }
      // A match without a clickable view around it is tapped at its centre all the same, as the operator app does.
      const click = step(run, 'click');
      assert.equal(click.success, true, JSON.stringify(click));
      // One tap, where svc's own reading of the file put it, inside the click target (never refused for views
      // the dump lists later: those are not known to be drawn on top).
      const taps = inputs.entries().map(({ time: _, ...event }) => event);
      assert.deepEqual(
        taps.map((t) => t.kind === 'tap' && { x: t.x, y: t.y }),
        [{ x: want.tap.x, y: want.tap.y }],
      );
    });
  }

  for (const click of LAYER_CLICKS) {
    test(`${click.file}: ${JSON.stringify(click.matcher)}, spanned by views later in the dump, is tapped, not refused`, async () => {
      show(dumpText(click.file));
      const inputs = lab.devices[0]!.device.inputs;
      inputs.clear();
      const run = await runAdb(lab, 0, [
        { id: 'click', type: 'click', params: { matcher: click.matcher, retry: { maxAttempts: 1 } } },
      ]);
      assert.equal(step(run, 'click').success, true, JSON.stringify(run.steps));
      const taps = inputs.entries().flatMap((e) => (e.kind === 'tap' ? [{ x: e.x, y: e.y }] : []));
      assert.deepEqual(taps, [click.tap]);
    });
  }

  test('a capture with the status line glued on is dumped once, to a file as well; --clear shows the apps again', async () => {
    const text = dumpText('wework-dialog.xml');
    show(`${text}UI hierchary dumped to: /dev/tty`);
    const tty = await lab.adb('-s', serial, 'exec-out', 'uiautomator dump /dev/tty');
    assert.equal(tty.stdout, text + STATUS);
    await lab.adb('-s', serial, 'shell', 'uiautomator dump /sdcard/real.xml');
    const file = await lab.adbBytes('-s', serial, 'exec-out', 'cat /sdcard/real.xml');
    assert.ok(file.stdout.equals(Buffer.from(text)));
    show(undefined);
    const apps = await lab.adb('-s', serial, 'exec-out', 'uiautomator dump /dev/tty');
    assert.doesNotMatch(apps.stdout, /com\.tencent\.wework/);
    assert.equal((await lab.adb('-s', serial, 'shell', 'wm size')).stdout, 'Physical size: 1080x2400\n');
  });

  test('the screenshot is the capture: its screen size, the outline of its nodes and their texts', async () => {
    show(dumpText('whatsapp-business.xml'));
    const size = await lab.adb('-s', serial, 'shell', 'wm size');
    assert.equal(size.stdout, 'Physical size: 1080x2352\n');
    const shot = await lab.adbBytes('-s', serial, 'exec-out', 'screencap -p');
    const png = PNG.sync.read(shot.stdout);
    assert.deepEqual([png.width, png.height], [1080, 2352]);
    const pixel = (x: number, y: number) => [
      ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
    ];
    // The button "DIDN'T RECEIVE CODE?" at [298,843][781,987]: its outline, and dark text inside it.
    assert.deepEqual(pixel(500, 843), [208, 212, 218]);
    let ink = 0;
    for (let y = 860; y < 920; y++) for (let x = 320; x < 760; x++) if (pixel(x, y)[0]! < 80) ink++;
    assert.ok(ink > 100, `text drawn in the button (${ink} dark pixels)`);
    show(undefined);
  });
});
