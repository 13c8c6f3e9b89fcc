// The adb driver where real phones differ from a well-behaved emulator, on the simulator's switchable real-phone
// behaviours, through real adb:
// - input refused: Xiaomi/Redmi/POCO/HONOR phones without "USB debugging (Security settings)" answer every `input`
//   with `java.lang.SecurityException: ... INJECT_EVENTS permission` and a non-zero exit (Genymobile/scrcpy#1865,
//   openatx/uiautomator2#520, senzhk/ADBKeyBoard#78; the texts per API level: packages/sim/src/faults/input-faults.ts).
//   No step may report a click, a key or typing as done, and a refused swipe is never the end of a list;
// - several displays: `screencap` without -d prints "[Warning] Multiple displays were found, ..." ahead of the PNG and
//   captures the first display found (openatx/uiautomator2#1131, mobile-next/mobile-mcp#210); `dumpsys window
//   displays` has a section per display, the focused one named by `mTopFocusedDisplayId`;
// - a keyboard shown without a view (`mInputShown=true`, `mIsInputViewShown=false`: a hardware keyboard, an input
//   method with no view): nothing covers the screen and BACK would navigate the app away, so nothing is closed
//   (appium-adb isSoftKeyboardPresent).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { NOTES, runAdb, step } from './adb-driver-helpers.ts';
import { runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';
const fresh = [
  { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
  { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
];
const noRetry = { maxAttempts: 1 };

describe('the adb driver on real-phone behaviours', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({
      devices: [
        { operator: false },
        { operator: false, apiLevel: 29 },
        { operator: false, apiLevel: 23 },
        { operator: false },
      ],
    });
  });
  after(() => lab?.close());

  for (const [index, level] of [
    [0, 35],
    [1, 29],
    [2, 23],
  ] as const) {
    test(`input refused (API ${level}): click, key, typing and scrolling fail with INPUT_INJECTION_DENIED, none reported done`, async () => {
      const sim = lab.devices[index]!;
      await runAdb(lab, index, fresh);
      const received = sim.device.inputs.entries().length;
      sim.faults.set('input_inject_denied');
      try {
        const run = await runAdb(lab, index, [
          { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Save' }, retry: noRetry } },
          { id: 'point', type: 'click', params: { coordinate: { x: 540, y: 870 } } },
          { id: 'key', type: 'press_key', params: { key: 'back' } },
          {
            id: 'type',
            type: 'enter_text',
            params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'milk', retry: noRetry },
          },
          { id: 'open', type: 'open_app', params: { applicationId: SETTINGS } },
          { id: 'scroll', type: 'scroll', params: {} },
          { id: 'until', type: 'scroll_until', params: { matcher: { textEquals: 'About phone' } } },
        ]);
        assert.ok(run.result.ok, JSON.stringify(run.result));
        for (const id of ['tap', 'point', 'key', 'type', 'scroll', 'until']) {
          const s = step(run, id);
          assert.equal(s.success, false, `${id}: ${JSON.stringify(s)}`);
          assert.equal(s.data.error, 'INPUT_INJECTION_DENIED', `${id}: ${JSON.stringify(s)}`);
          assert.match(s.data.message ?? '', /INJECT_EVENTS permission/);
        }
        assert.notEqual(step(run, 'scroll').data.scroll_outcome, 'edge_reached');
        assert.equal(run.result.failedCode, 'INPUT_INJECTION_DENIED');
        assert.match(run.result.hint ?? '', /USB debugging \(Security settings\)/);
        assert.equal(sim.device.inputs.entries().length, received, 'the device received no input');
      } finally {
        sim.faults.clear('input_inject_denied');
      }
    });
  }

  test('input refused: double-tap, long-press and swipe fail with INPUT_INJECTION_DENIED through the CLI', async () => {
    const sim = lab.devices[0]!;
    sim.faults.set('input_inject_denied');
    try {
      for (const args of [
        ['double-tap', '540', '870'],
        ['long-press', '540', '870'],
        ['swipe', '540', '1500', '540', '500'],
      ]) {
        const run = await runCliJson([...args, '--device', sim.serial], { env: lab.env });
        assert.equal(run.code, 1, run.stdout);
        assert.equal(run.json.failedCode, 'INPUT_INJECTION_DENIED', run.stdout);
        assert.match(run.json.hint, /USB debugging \(Security settings\)/);
      }
    } finally {
      sim.faults.clear('input_inject_denied');
    }
  });

  /** Width and height from a PNG's IHDR chunk. */
  const pngSize = (file: string) => {
    const bytes = readFileSync(file);
    assert.equal(bytes.subarray(0, 8).toString('latin1'), '\x89PNG\r\n\x1a\n', `${file} is a PNG`);
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  };

  for (const fault of ['screencap_display_warning', 'second_display'] as const) {
    test(`several displays (${fault}): a screenshot is a valid PNG of the display in use`, async () => {
      const sim = lab.devices[0]!;
      sim.faults.set(fault);
      try {
        const path = join(lab.home, `${fault}.png`);
        const run = await runCliJson(['screenshot', '--path', path, '--device', sim.serial, '--driver', 'adb'], {
          env: lab.env,
        });
        assert.equal(run.code, 0, run.stdout);
        assert.deepEqual(pngSize(path), [1080, 2400], 'the phone, not the 1920x720 second display');
        assert.doesNotMatch(run.stdout, /may not be the one in use/, 'the display in use was found: no warning');
      } finally {
        sim.faults.clear(fault);
      }
    });
  }

  test('several displays, the focused one without a physical id: the screenshot says it may be the wrong display', async () => {
    // A virtual display (a cast app's) has the focus: its viewport's unique id is `virtual:...`, which screencap -d
    // cannot take, so the capture is the first display's (screencap's own warning: openatx/uiautomator2#1131).
    const sim = lab.devices[0]!;
    sim.faults.set('focused_virtual_display');
    try {
      const path = join(lab.home, 'virtual-focus.png');
      const run = await runCliJson(['screenshot', '--path', path, '--device', sim.serial, '--driver', 'adb'], {
        env: lab.env,
      });
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(pngSize(path), [1080, 2400]);
      assert.match(run.stdout, /may not be the one in use/);
      const steps = await runAdb(lab, 0, [{ id: 'shot', type: 'take_screenshot', params: { path } }]);
      assert.match(step(steps, 'shot').data.warning ?? '', /first display/);
    } finally {
      sim.faults.clear('focused_virtual_display');
    }
  });

  test('several displays: the app in front comes from the focused display, never from another display section', async () => {
    const sim = lab.devices[0]!;
    await runAdb(lab, 0, [{ id: 'open', type: 'open_app', params: { applicationId: SETTINGS } }]);
    sim.faults.set('second_display');
    try {
      const front = await runCliJson(['foreground', '--device', sim.serial], { env: lab.env });
      assert.equal(front.code, 0, front.stdout);
      assert.deepEqual([front.json.package, front.json.focusedWindow?.startsWith(SETTINGS)], [SETTINGS, true]);
      const run = await runAdb(lab, 0, [
        // Settings already in front: the operator app's rule waits for a change of app, so this times out, and
        // what it last saw in front is Settings, from the focused display (TaskScopeDefault.kt:374-455).
        { id: 'nav', type: 'wait_for_navigation', params: { expectedPackage: SETTINGS, timeoutMs: 2000 } },
        { id: 'point', type: 'click', params: { coordinate: { x: 1500, y: 300 } } },
      ]);
      assert.equal(step(run, 'nav').data.last_package, SETTINGS, JSON.stringify(step(run, 'nav')));
      // The phone's screen is 1080 wide (the second display's 1920 must not be taken for it).
      assert.equal(step(run, 'point').data.error, 'GESTURE_FAILED');
    } finally {
      sim.faults.clear('second_display');
    }
  });

  test('close_app of a package that is not installed fails with APP_NOT_FOUND (force-stop alone says nothing)', async () => {
    const run = await runAdb(lab, 0, [
      { id: 'gone', type: 'close_app', params: { applicationId: 'com.example.not.installed', retry: noRetry } },
      { id: 'there', type: 'close_app', params: { applicationId: NOTES } },
    ]);
    assert.equal(step(run, 'gone').success, false, JSON.stringify(step(run, 'gone')));
    assert.equal(step(run, 'gone').data.error, 'APP_NOT_FOUND');
    assert.equal(step(run, 'there').success, true);
  });

  test('a screen that never goes idle: the execution ends at its own timeout, not after the ~10 s a dump waits', async () => {
    // DumpCommand waits up to 10 s for an idle screen, then prints "ERROR: could not get idle state."
    // (TencentQQGYLab/AppAgent#39); here the simulated dump waits 6 s, longer than the 2 s the execution has.
    const sim = lab.devices[3]!;
    sim.faults.set('dump_not_idle', 6000);
    try {
      const run = await runAdb(lab, 3, [{ id: 'snap', type: 'snapshot_ui' }], { timeoutMs: 2000 });
      assert.ok(run.result.ok, JSON.stringify(run.result));
      assert.equal(run.result.envelope.errorCode, 'EXECUTION_TIMEOUT', JSON.stringify(run.result.envelope));
      assert.equal(step(run, 'snap').data.last_error, 'UI_DUMP_NOT_IDLE', JSON.stringify(step(run, 'snap')));
      const wait = await runAdb(lab, 3, [
        { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Notes' }, timeoutMs: 1000 } },
        { id: 'next', type: 'sleep', params: { durationMs: 1 } },
      ]);
      assert.equal(step(wait, 'wait').data.error, 'UI_DUMP_NOT_IDLE', JSON.stringify(step(wait, 'wait')));
      assert.match(step(wait, 'wait').data.message ?? '', /had not answered/);
      // Within its own time, and fatal as every failed wait_for_node is on the operator app: nothing after it ran.
      assert.equal(wait.result.ok && wait.result.envelope.errorCode, 'ACTION_FAILED');
      assert.equal(wait.steps.length, 1);
    } finally {
      sim.faults.clear('dump_not_idle');
    }
  });

  test('a keyboard shown without a view: the button under where a keyboard would be is tapped, no BACK is sent', async () => {
    const sim = lab.devices[0]!;
    sim.faults.set('keyboard_no_view');
    try {
      const run = await runAdb(lab, 0, [
        ...fresh,
        { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'eggs' } },
        { id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } },
        { id: 'last', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/last_note` } } },
      ]);
      assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
      assert.equal(step(run, 'last').data.text, 'Last note: eggs');
      assert.ok(!run.commands.some((c) => /input keyevent (4|111)\b/.test(c)), run.commands.join(' | '));
      const shown = await lab.adb('-s', sim.serial, 'shell', 'dumpsys input_method');
      assert.match(shown.stdout, /mInputShown=true/);
      assert.match(shown.stdout, /mIsInputViewShown=false/);
    } finally {
      sim.faults.clear('keyboard_no_view');
    }
  });
});
