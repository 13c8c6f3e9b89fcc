// double-tap, long-press and swipe are actions (on an element or at a point), through real adb on a simulated phone,
// on both drivers: what the phone received (its input log) and the step data agree with the element's bounds as the
// compact screen prints them. The adb driver sends `input` lines (two `input tap` for a double tap, `input swipe x y
// x y <ms>` for a long press: appium-adb and mobile-mcp do the same); svc's operator app dispatches an accessibility
// gesture (AccessibilityService.dispatchGesture of a GestureDescription, AOSP frameworks/base
// core/java/android/accessibilityservice/GestureDescription.java: strokes with a start time and a duration), where a
// double tap is two still strokes whose second goes down within ViewConfiguration.DOUBLE_TAP_TIMEOUT (300 ms) of the
// first going up, and a long press one still stroke held past ViewConfiguration's long-press timeout (400 ms).
// The published Clawperator operator has no such actions (AgentCommandParser.kt @ v0.5.2: `unsupported action type`):
// with `--driver operator` svc refuses them before anything reaches the phone, as it refuses drag; `auto` hands
// them to the adb driver, which runs them on any phone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { NOTES, runAdb, step } from './adb-driver-helpers.ts';
import { runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

/** The bounds of the first element a compact screen prints with this text. */
function boundsOf(screen: string, text: string) {
  const line = screen.split('\n').find((l) => l.includes(`"${text}"`));
  const m = line === undefined ? null : /\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(line);
  assert.ok(m, `no element "${text}" in:\n${screen}`);
  const [left, top, right, bottom] = m.slice(1).map(Number) as [number, number, number, number];
  return { left, top, right, bottom, x: Math.floor((left + right) / 2), y: Math.floor((top + bottom) / 2) };
}

/** What the phone received since `mark`, without the times and the touched nodes. */
const receivedSince = (sim: SimDevice, mark: number) =>
  sim.device.inputs
    .entries()
    .slice(mark)
    .map(({ time: _t, ...event }) => {
      const { node: _n, ...plain } = event as typeof event & { node?: unknown };
      return plain;
    });

/** A still stroke of a dispatched gesture. */
const still = (x: number, y: number, startMs: number, durationMs: number) => ({
  x1: x,
  y1: y,
  x2: x,
  y2: y,
  startMs,
  durationMs,
});

describe('double-tap, long-press and swipe, on an element or at a point', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}, { operator: { variant: 'clawperator' } }, { operator: false }] });
  });
  after(async () => {
    await lab?.close();
  });

  for (const driver of ['operator', 'adb'] as const) {
    test(`${driver}: long-press --text "Wi-Fi", double-tap 540 900 and both swipes reach the phone`, async () => {
      const sim = lab.devices[0] as SimDevice;
      const svc = (...args: string[]) =>
        runCliJson([...args, '--driver', driver, '--device', sim.serial, '--no-daemon'], { env: lab.env });
      const gesture = (...strokes: ReturnType<typeof still>[]) => ({ kind: 'gesture', strokes });
      await svc('close-app', SETTINGS);
      assert.equal((await svc('open', SETTINGS)).code, 0);
      const network = await svc('click', '--text', 'Network & internet', '--screen', 'full');
      assert.equal(network.code, 0, network.stdout);
      const wifi = boundsOf(network.json.screen, 'Wi-Fi');

      let mark = sim.device.inputs.entries().length;
      const held = await svc('long-press', '--text', 'Wi-Fi');
      assert.equal(held.code, 0, held.stdout);
      assert.equal(held.json.envelope.stepResults[0].actionType, 'long_press');
      assert.deepEqual(held.json.envelope.stepResults[0].data, {
        x: String(wifi.x),
        y: String(wifi.y),
        duration_ms: '1000',
      });
      assert.deepEqual(
        receivedSince(sim, mark),
        driver === 'adb'
          ? [{ kind: 'swipe', x1: wifi.x, y1: wifi.y, x2: wifi.x, y2: wifi.y, durationMs: 1000 }]
          : [gesture(still(wifi.x, wifi.y, 0, 1000))],
      );

      mark = sim.device.inputs.entries().length;
      const doubled = await svc('double-tap', '540', '900');
      assert.equal(doubled.code, 0, doubled.stdout);
      assert.deepEqual(doubled.json.envelope.stepResults[0].data, { x: '540', y: '900' });
      const taps = receivedSince(sim, mark);
      if (driver === 'adb') {
        assert.deepEqual(taps, [
          { kind: 'tap', x: 540, y: 900 },
          { kind: 'tap', x: 540, y: 900 },
        ]);
      } else {
        assert.deepEqual(taps, [gesture(still(540, 900, 0, 50), still(540, 900, 150, 50))]);
        const [first, second] = (taps[0] as { strokes: ReturnType<typeof still>[] }).strokes;
        const gap = (second?.startMs ?? 0) - ((first?.startMs ?? 0) + (first?.durationMs ?? 0));
        assert.ok(gap >= 40 && gap <= 300, `a double tap's second touch follows within 40-300 ms (${gap})`);
      }

      // Across an element, toward the finger's direction: through its centre, from 80% to 20% of its width.
      mark = sim.device.inputs.entries().length;
      const across = await svc('swipe', '--id', 'wifi_label', '--direction', 'left');
      assert.equal(across.code, 0, across.stdout);
      const width = wifi.right - wifi.left;
      const [x1, x2] = [wifi.left + Math.floor((width * 8) / 10), wifi.left + Math.floor((width * 2) / 10)];
      assert.deepEqual(across.json.envelope.stepResults[0].data, {
        from: `${x1},${wifi.y}`,
        to: `${x2},${wifi.y}`,
        duration_ms: '300',
      });
      const stroke = { x1, y1: wifi.y, x2, y2: wifi.y };
      assert.deepEqual(
        receivedSince(sim, mark),
        driver === 'adb'
          ? [{ kind: 'swipe', ...stroke, durationMs: 300 }]
          : [gesture({ ...stroke, startMs: 0, durationMs: 300 })],
      );

      // The spellings of the device tools these commands replace still work.
      mark = sim.device.inputs.entries().length;
      assert.equal((await svc('long-press', '540', '1200', '--duration-ms', '1500')).code, 0);
      const swiped = await svc('swipe', '540', '1800', '540', '600', '--duration-ms', '150');
      assert.equal(swiped.code, 0, swiped.stdout);
      assert.deepEqual(swiped.json.envelope.stepResults[0].data, {
        from: '540,1800',
        to: '540,600',
        duration_ms: '150',
      });
      assert.deepEqual(
        receivedSince(sim, mark),
        driver === 'adb'
          ? [
              { kind: 'swipe', x1: 540, y1: 1200, x2: 540, y2: 1200, durationMs: 1500 },
              { kind: 'swipe', x1: 540, y1: 1800, x2: 540, y2: 600, durationMs: 150 },
            ]
          : [
              gesture(still(540, 1200, 0, 1500)),
              gesture({ x1: 540, y1: 1800, x2: 540, y2: 600, startMs: 0, durationMs: 150 }),
            ],
      );

      // An element not on the screen is NODE_NOT_FOUND, with nothing sent.
      mark = sim.device.inputs.entries().length;
      const missing = await svc(
        'exec',
        JSON.stringify({
          commandId: `missing-${driver}`,
          taskId: 't',
          source: 'test',
          timeoutMs: 30_000,
          actions: [
            { id: 'm', type: 'double_tap', params: { matcher: { textEquals: 'No row' }, retry: { maxAttempts: 1 } } },
          ],
        }),
      );
      assert.equal(missing.code, 1, missing.stdout);
      assert.equal(missing.json.envelope.stepResults[0].data.error, 'NODE_NOT_FOUND', missing.stdout);
      assert.deepEqual(receivedSince(sim, mark), []);
    });
  }

  for (const driver of ['operator', 'adb'] as const) {
    test(`${driver}: a point off the screen is refused as a tap there is, and nothing is sent`, async () => {
      const sim = lab.devices[0] as SimDevice;
      const mark = sim.device.inputs.entries().length;
      const off = await runCliJson(['double-tap', '5000', '10', '--driver', driver, '--device', sim.serial], {
        env: lab.env,
      });
      assert.equal(off.code, 1, off.stdout);
      assert.equal(off.json.failedCode, 'GESTURE_FAILED', off.stdout);
      assert.match(off.json.envelope.stepResults[0].data.message, /outside the .*screen/);
      assert.deepEqual(receivedSince(sim, mark), []);
    });
  }

  test('adb: with the keyboard up over an element low on the screen, it is closed first, then both taps land', async () => {
    const sim = lab.devices[2] as SimDevice;
    const run = await runAdb(lab, 2, [
      { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
      { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'hello' } },
      { id: 'double', type: 'double_tap', params: { matcher: { textEquals: 'Save' } } },
    ]);
    assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
    const { x, y } = step(run, 'double').data as { x: string; y: string };
    const afterTyping = run.commands.slice(run.commands.findIndex((c) => c.includes("input text 'hello'")));
    const closed = afterTyping.findIndex((c) => c.includes('input keyevent 111'));
    const tapped = afterTyping.findIndex((c) => c.includes(`input tap ${x} ${y} && input tap ${x} ${y}`));
    assert.ok(closed !== -1 && tapped > closed, `closed the keyboard, then tapped twice: ${afterTyping.join(' | ')}`);
    // The keyboard check never carries the taps (its second tap would run after the keyboard's mark too).
    assert.ok(!afterTyping.some((c) => c.includes('dumpsys input_method') && c.includes('input tap')));
    const taps = sim.device.inputs.entries().filter((e) => e.kind === 'tap');
    assert.deepEqual(
      taps.slice(-2).map((e) => e.kind === 'tap' && [e.x, e.y]),
      [
        [Number(x), Number(y)],
        [Number(x), Number(y)],
      ],
    );
  });

  {
    const driver = 'operator';
    test('the published operator (--driver operator) refuses double_tap before anything reaches the phone, as drag', async () => {
      const sim = lab.devices[1] as SimDevice;
      const mark = sim.device.inputs.entries().length;
      const commands = sim.device.commandLog.length;
      const drag = JSON.stringify({
        commandId: `drag-${driver}`,
        taskId: 't',
        source: 'test',
        timeoutMs: 30_000,
        actions: [{ id: 'd', type: 'drag', params: { from: { textEquals: 'A' }, to: { textEquals: 'B' } } }],
      });
      for (const args of [
        ['double-tap', '540', '900'],
        ['long-press', '--text', 'Wi-Fi'],
        ['swipe', '1', '2', '3', '4'],
        ['exec', drag],
      ]) {
        const run = await runCliJson([...args, '--driver', driver, '--device', sim.serial, '--no-daemon'], {
          env: lab.env,
        });
        assert.equal(run.code, 1, run.stdout);
        assert.equal(run.json.code, 'EXECUTION_ACTION_UNSUPPORTED', run.stdout);
        assert.match(run.json.message, /is not one of the actions of the Clawperator operator/);
      }
      assert.deepEqual(receivedSince(sim, mark), []);
      const sent = sim.device.commandLog.slice(commands);
      assert.ok(!sent.some((line) => line.includes('ACTION_AGENT_COMMAND')), sent.join('\n'));
    });
  }

  test('with auto, a phone whose operator is the published app runs the gestures and drag with the adb driver', async () => {
    const sim = lab.devices[1] as SimDevice;
    const mark = sim.device.inputs.entries().length;
    const commands = sim.device.commandLog.length;
    const run = await runCliJson(
      ['double-tap', '540', '900', '--driver', 'auto', '--device', sim.serial, '--no-daemon'],
      {
        env: lab.env,
      },
    );
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.driver, 'adb', run.stdout);
    assert.equal(receivedSince(sim, mark).length, 2, JSON.stringify(receivedSince(sim, mark)));
    const sent = sim.device.commandLog.slice(commands);
    assert.ok(!sent.some((line) => line.includes('ACTION_AGENT_COMMAND')), sent.join('\n'));
  });
});
