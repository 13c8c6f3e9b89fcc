// The adb driver on simulated stock phones (no operator app) through real adb: the soft keyboard over the bottom of
// the screen (closed before a tap there: appium-adb keyboard-commands reads `mInputShown`), the lock screen (the
// keyguard in focus: the security-block code), taps that land where Android delivers them (a disabled button in a
// clickable row), long clicks, the API levels that differ (monkey and no exit status below 24, the hint shown as the
// text on 24-28: appium/appium#13618, the focus lines under `dumpsys window windows` before 29), recording, and what
// the driver refuses before touching the device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { NOTES, runAdb, step } from './adb-driver-helpers.ts';

/** The Notes app from its start screen (an open_app alone brings a running task forward as it was). */
const fresh = [
  { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
  { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
];
const lastNote = { id: 'last', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/last_note` } } };

describe('the adb driver on stock phones', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({
      devices: [
        { operator: false },
        { operator: false, apiLevel: 23 },
        { operator: false, apiLevel: 28 },
        { operator: false, missingCommands: ['screenrecord'] },
        { operator: false },
        { operator: false, apiLevel: 21 },
      ],
    });
  });
  after(() => lab?.close());
  const shell = (i: number, line: string) => lab.adb('-s', lab.devices[i]!.serial, 'shell', line);

  test('with the keyboard up over a button low on the screen, it closes the keyboard, reads again, then taps', async () => {
    const run = await runAdb(lab, 0, [
      ...fresh,
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'hello' } },
      { id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } },
      lastNote,
    ]);
    assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
    assert.equal(step(run, 'last').data.text, 'Last note: hello');
    const afterTyping = run.commands.slice(run.commands.findIndex((c) => c.includes("input text 'hello'")));
    const asked = afterTyping.findIndex((c) => c.includes('dumpsys input_method'));
    const closed = afterTyping.findIndex((c) => c.includes('input keyevent 111'));
    assert.ok(asked !== -1 && closed > asked, `asked about the keyboard, then closed it: ${afterTyping.join(' | ')}`);
  });

  test('a disabled button inside a clickable row: the tap lands on the button, as the operator app taps it', async () => {
    // NodeExt.kt:460-547 @ clawperator v0.5.2: the first clickable node among the match and its ancestors is the
    // disabled button itself, so the app taps the match's centre, which the disabled button swallows.
    const run = await runAdb(lab, 0, [
      ...fresh,
      { id: 'archive', type: 'click', params: { matcher: { textEquals: 'Archive all' } } },
      { id: 'there', type: 'wait_for_node', params: { matcher: { textEquals: 'No archived notes' }, timeoutMs: 3000 } },
    ]);
    assert.equal(step(run, 'archive').success, true);
    assert.equal(step(run, 'there').data.error, 'NODE_NOT_FOUND');
    const tap = run.commands.find((c) => /input tap \d+ \d+/.test(c)) ?? '';
    const x = Number(/input tap (\d+)/.exec(tap)?.[1]);
    assert.ok(x >= 720, `tapped the disabled button (which starts at x=720): ${tap}`);
  });

  test('long_click holds a stationary swipe on the long-clickable row', async () => {
    const run = await runAdb(lab, 0, [
      ...fresh,
      { id: 'hold', type: 'click', params: { matcher: { textContains: 'Pinned note' }, clickType: 'long_click' } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/pinned` } } },
    ]);
    assert.equal(step(run, 'read').data.text, 'Pinned note (held)');
    assert.ok(run.commands.some((c) => /input swipe (\d+) (\d+) \1 \2 800/.test(c)));
  });

  test('the lock screen: reading works, acting fails the execution with SECURITY_BLOCK_DETECTED and taps nothing', async () => {
    await runAdb(lab, 4, fresh);
    await shell(4, 'input keyevent 26');
    try {
      const snap = await runAdb(lab, 4, [{ id: 'snap', type: 'snapshot_ui' }]);
      assert.match(step(snap, 'snap').data.text ?? '', /keyguard_status_view/);
      for (const click of [{ matcher: { textEquals: 'Save' } }, { coordinate: { x: 540, y: 870 } }]) {
        const run = await runAdb(lab, 4, [{ id: 'c', type: 'click', params: click }]);
        assert.ok(run.result.ok, JSON.stringify(run.result));
        assert.equal(run.result.envelope.errorCode, 'SECURITY_BLOCK_DETECTED', JSON.stringify(click));
        assert.equal(run.result.envelope.status, 'failed');
        assert.ok(!run.commands.some((c) => c.includes('input tap')), 'nothing was tapped');
      }
    } finally {
      await shell(4, 'input keyevent 82');
    }
  });

  test('below API 24: monkey opens the app, statuses come from the sentinel, close_app is verified with pidof', async () => {
    const run = await runAdb(lab, 1, [
      ...fresh,
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: "it's ok" } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/note` } } },
      { id: 'close', type: 'close_app', params: { applicationId: NOTES } },
      { id: 'norec', type: 'stop_recording', params: { sessionId: 'x' } },
      // Fatal, as on the operator app: nothing after it runs.
      { id: 'absent', type: 'open_app', params: { applicationId: 'com.example.absent', retry: { maxAttempts: 1 } } },
    ]);
    assert.ok(run.commands.some((c) => c.startsWith('monkey -p ')));
    assert.ok(!run.commands.some((c) => c.includes('cmd package')));
    assert.equal(step(run, 'read').data.text, "it's ok");
    assert.equal(step(run, 'close').success, true);
    assert.equal((await shell(1, `pidof ${NOTES}; echo "rc=$?"`)).stdout.trim(), 'rc=1');
    assert.equal(step(run, 'absent').data.error, 'APP_NOT_FOUND');
    assert.equal(step(run, 'norec').data.error, 'RECORDING_NOT_IN_PROGRESS');
  });

  for (const [index, level] of [
    [1, 23],
    [5, 21],
  ] as const) {
    test(`API ${level} (no killall${level < 23 ? ', no pidof' : ''}): close_app is verified and a recording stops with its file finished`, async () => {
      const run = await runAdb(lab, index, [
        ...fresh,
        { id: 'start', type: 'start_recording', params: { sessionId: 'old' } },
        { id: 'unrec', type: 'stop_recording', params: { sessionId: 'old' } },
        { id: 'again', type: 'start_recording', params: { sessionId: 'next' } },
        { id: 'unrec2', type: 'stop_recording' },
        { id: 'close', type: 'close_app', params: { applicationId: NOTES } },
      ]);
      assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
      assert.ok(!run.commands.some((c) => c.includes('killall')), run.commands.join(' | '));
      if (level < 23) assert.ok(!run.commands.some((c) => c.includes('pidof')), run.commands.join(' | '));
      const serial = lab.devices[index]!.serial;
      const file = await lab.adbBytes('-s', serial, 'exec-out', 'cat /data/local/tmp/svc-rec-next.mp4');
      assert.equal(file.stdout.subarray(-4).toString('latin1'), 'moov', 'finished: stopped by SIGINT');
      const left = (await shell(index, 'ps')).stdout.split('\n');
      assert.ok(!left.some((l) => /\sscreenrecord\r?$/.test(l) || l.trim().endsWith(` ${NOTES}`)), left.join('\n'));
    });
  }

  test('API 28 shows an empty field hint as its text: the clear is sized from it and the typed text replaces it', async () => {
    const run = await runAdb(lab, 2, [
      ...fresh,
      { id: 'hint', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/note` } } },
      { id: 'type', type: 'enter_text', params: { matcher: { textEquals: 'Write a note' }, text: 'milk' } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/note` } } },
      { id: 'nav', type: 'wait_for_navigation', params: { expectedPackage: NOTES, timeoutMs: 2000 } },
    ]);
    assert.equal(step(run, 'hint').data.text, 'Write a note');
    assert.equal(step(run, 'read').data.text, 'milk');
    // Already in front: the app waits for a change of app (TaskScopeDefault.kt:374-455 @ clawperator v0.5.2).
    assert.deepEqual([step(run, 'nav').data.error, step(run, 'nav').data.last_package], ['NAVIGATION_TIMEOUT', NOTES]);
    const clear = run.commands.find((c) => c.includes('input keyevent 123')) ?? '';
    assert.equal((clear.match(/\b67\b/g) ?? []).length, 'Write a note'.length, clear);
    assert.ok(run.commands.some((c) => c.startsWith('dumpsys window windows')));
  });

  test('recording: one at a time, stopped so the file is finished; a phone without screenrecord says so', async () => {
    const run = await runAdb(lab, 0, [
      { id: 'start', type: 'start_recording', params: { sessionId: 'demo' } },
      { id: 'again', type: 'start_recording', params: { sessionId: 'other' } },
      { id: 'stop', type: 'stop_recording', params: { sessionId: 'demo' } },
    ]);
    assert.deepEqual(step(run, 'start').data, {
      session_id: 'demo',
      recording: 'true',
      device_path: '/data/local/tmp/svc-rec-demo.mp4',
    });
    assert.equal(step(run, 'again').data.error, 'RECORDING_ALREADY_IN_PROGRESS');
    assert.equal(step(run, 'stop').data.recording, 'false');
    const file = await lab.adbBytes('-s', lab.devices[0]!.serial, 'exec-out', 'cat /data/local/tmp/svc-rec-demo.mp4');
    assert.equal(file.stdout.subarray(-4).toString('latin1'), 'moov');
    const missing = await runAdb(lab, 3, [{ id: 'start', type: 'start_recording', params: { sessionId: 'demo' } }]);
    assert.equal(step(missing, 'start').data.error, 'RECORDING_UNSUPPORTED');
  });

  test('a newline typed into a single-line field: TEXT_ENTRY_MISMATCH once, never typed (and entered) again', async () => {
    const login = 'com.svc.login';
    const run = await runAdb(lab, 0, [
      { id: 'stop', type: 'close_app', params: { applicationId: login } },
      { id: 'open', type: 'open_app', params: { applicationId: login } },
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${login}:id/username` }, text: 'a\nb' } },
    ]);
    assert.equal(step(run, 'type').data.error, 'TEXT_ENTRY_MISMATCH');
    assert.match(step(run, 'type').data.message ?? '', /holds "ab"/);
    assert.equal(run.commands.filter((c) => c.includes('input keyevent 66')).length, 1);
  });

  test('clickType focus on something that is not a text field fails before any gesture', async () => {
    const run = await runAdb(lab, 0, [
      ...fresh,
      { id: 'focus', type: 'click', params: { matcher: { textEquals: 'Save' }, clickType: 'focus' } },
    ]);
    assert.equal(step(run, 'focus').data.error, 'FOCUS_UNSUPPORTED');
    assert.ok(!run.commands.some((c) => c.includes('input ')));
  });

  test('a coordinate click on a rotated screen: device pixels as the screen is now (a landscape x past the portrait width)', async () => {
    const portrait = await runAdb(lab, 4, [{ id: 'tap', type: 'click', params: { coordinate: { x: 540, y: 500 } } }]);
    assert.ok(portrait.result.ok && portrait.result.succeeded, JSON.stringify(portrait.result));
    await shell(4, 'settings put system accelerometer_rotation 0; settings put system user_rotation 1');
    try {
      const wide = await runAdb(lab, 4, [{ id: 'tap', type: 'click', params: { coordinate: { x: 2000, y: 500 } } }]);
      assert.ok(wide.result.ok && wide.result.succeeded, JSON.stringify(wide.result));
      assert.ok(
        wide.commands.some((c) => c.startsWith('input tap 2000 500;')),
        wide.commands.join(' | '),
      );
      const below = await runAdb(lab, 4, [{ id: 'tap', type: 'click', params: { coordinate: { x: 500, y: 1500 } } }]);
      assert.equal(step(below, 'tap').data.error, 'GESTURE_FAILED', 'y 1500 is below a 1080 px high landscape screen');
      assert.ok(!below.commands.some((c) => c.includes('input tap')));
    } finally {
      await shell(4, 'settings put system user_rotation 0');
    }
  });

  test('what needs the operator app (or the Unicode keyboard) is refused whole, with its code and path, before any step runs', async () => {
    const log = { id: 'log', type: 'set_on_screen_log', params: { text: 'step 2' } };
    const panel = await runAdb(lab, 0, [...fresh, log]);
    assert.ok(!panel.result.ok);
    assert.equal(panel.result.error.code, 'ON_SCREEN_LOG_SERVICE_UNAVAILABLE');
    assert.equal((panel.result.error.details as { path: string }).path, 'actions[2]');
    const text = await runAdb(lab, 0, [
      ...fresh,
      { id: 't', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'naïve' } },
    ]);
    assert.ok(!text.result.ok);
    assert.equal(text.result.error.code, 'TEXT_NOT_TYPABLE');
    assert.deepEqual(
      [(text.result.error.details as { path: string }).path, (text.result.error.details as { index: number }).index],
      ['actions[2].params.text', 2],
    );
    assert.deepEqual(panel.commands, [], 'nothing ran on the device');
    // Text beyond ASCII: read-only questions only: whether svc's Unicode keyboard is installed (it is not), then
    // whether the app in front serves a page over DevTools (a page takes any text without a keyboard; it does not).
    assert.equal(text.commands[0], 'ime list -a -s');
    assert.deepEqual(
      text.commands.filter((c) => !/^(ime list|dumpsys window|cat \/proc\/net\/unix)/.test(c)),
      [],
      'nothing but read-only questions ran',
    );
    const clear = await runAdb(lab, 0, [{ id: 'clear', type: 'clear_on_screen_log' }]);
    assert.deepEqual(step(clear, 'clear').data, { visible: 'false' });
  });
});
