// The simulator's stock phone answers `dumpsys input_method` and `dumpsys display` in the layout of the real captures
// (test/fixtures/real-dumpsys, sources in its sources.json), through real adb, and svc's own readers give the same
// answers for both; its error texts (refused input, failed dumps, am start, ime set) have the real words and get the
// same codes. Then the adb driver on the keyboard state the real Motorola dump shows: the keyboard has gone but
// the input method's `mIsInputViewShown` is still true; a tap low on the screen must not "close" it with BACK, which
// would navigate the app away.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { RC_SENTINEL, splitAtSentinel } from '../src/device-shell/device-shell.ts';
import { classifyDump } from '../src/device-shell/dump-outcome.ts';
import { INPUT_SHOWN, INPUT_VIEW_SHOWN, keyboardCovers } from '../src/device-shell/keyboard-state.ts';
import { checkInput } from '../src/executions/drivers/adb/device-input.ts';
import { focusedPhysicalDisplay } from '../src/executions/screen-capture.ts';
import { displayRotation } from '../src/toolbox/tools/screen.ts';
import { NOTES, runAdb, step } from './adb-driver-helpers.ts';
import { capture } from './real-dumpsys-cases.ts';

/** What svc reads of a `dumpsys input_method`: covered, and the two flags it is made of. */
const keyboardReading = (text: string) => ({
  covers: keyboardCovers(text),
  shown: text.includes(INPUT_SHOWN),
  viewFlag: text.includes(INPUT_VIEW_SHOWN),
});

/** The field names of the first DisplayViewport, in order. */
const viewportFields = (text: string) =>
  [...(/DisplayViewport\{([^}]*)\}/.exec(text)?.[1] ?? '').matchAll(/(\w+)=/g)].map((m) => m[1]);

describe('the simulator answers as the real captures, read by the same svc code', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{ operator: false }, { operator: false, apiLevel: 29 }] });
  });
  after(() => lab?.close());
  const shell = async (line: string, index = 0) =>
    (await lab.adb('-s', lab.devices[index]!.serial, 'shell', line)).stdout;
  /** A line's output with stderr folded in and its exit status, as the adb driver's shell reads it. */
  const run = async (line: string, index = 0) =>
    splitAtSentinel(await shell(`${line} 2>&1; echo "${RC_SENTINEL}$?"`, index));
  const lineWith = (text: string, mark: string) => text.split('\n').find((l) => l.includes(mark));
  const fresh = [
    { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
    { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
  ];

  test('dumpsys input_method: the real lines, and after the keyboard has gone the same reading as the Motorola dump', async () => {
    await runAdb(lab, 0, fresh);
    const motorola = capture('input-method-motorola-api28.txt');
    const shape = [
      /^ {2}mCurMethodId=\S+\/\S+$/m,
      /^ {2}mShowRequested=\w+ mShowExplicitlyRequested=false mShowForced=false mInputShown=\w+$/m,
      /^Input method service state for [\w.]+@\w+:$/m,
      /^ {2}mIsInputViewShown=\w+ mStatusIcon=0$/m,
    ];
    for (const line of shape) assert.match(motorola, line, 'the capture has it');

    await shell('input tap 540 2050'); // the note field, low on the screen: the keyboard shows
    const up = await shell('dumpsys input_method');
    for (const line of shape) assert.match(up, line, 'the simulator prints it');
    assert.deepEqual(keyboardReading(up), { covers: true, shown: true, viewFlag: true });

    await shell('input keyevent 111'); // ESCAPE: the keyboard goes
    const gone = await shell('dumpsys input_method');
    assert.deepEqual(keyboardReading(gone), keyboardReading(motorola));
    assert.deepEqual(keyboardReading(gone), { covers: false, shown: false, viewFlag: true });
  });

  test('dumpsys display: the viewport has the real fields in the real order; rotation and screencap id read alike', async () => {
    const pixel = capture('display-pixel3xl-android12.txt');
    const sim = await shell('dumpsys display');
    assert.deepEqual(viewportFields(sim), viewportFields(pixel));
    assert.deepEqual(sim.split('\n').slice(0, 2), pixel.split('\n').slice(0, 2));
    assert.equal(displayRotation(sim), displayRotation(pixel));
    // The line screen-capture.ts sends once a phone showed several displays, answered by the simulator's shell.
    const focused = await shell('dumpsys display | grep DisplayViewport');
    assert.equal(focusedPhysicalDisplay(focused), /uniqueId='local:(\d+)'/.exec(sim)?.[1]);
    await shell('settings put system accelerometer_rotation 0');
    await shell('settings put system user_rotation 1');
    try {
      assert.equal(displayRotation(await shell('dumpsys display')), 1);
    } finally {
      await shell('settings put system user_rotation 0');
    }
  });

  test('after the keyboard closed over Save, the driver taps Save: one ESCAPE, never BACK', async () => {
    const run = await runAdb(lab, 0, [
      ...fresh,
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: `${NOTES}:id/note` }, text: 'eggs' } },
      { id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } },
      { id: 'last', type: 'read_text', params: { matcher: { resourceId: `${NOTES}:id/last_note` } } },
    ]);
    assert.ok(run.result.ok && run.result.succeeded, JSON.stringify(run.result));
    assert.equal(step(run, 'last').data.text, 'Last note: eggs');
    // The keys that close a keyboard: ESCAPE once, for the keyboard that was up; no BACK for the one that had gone.
    const closers = run.commands.flatMap((c) => [...c.matchAll(/input keyevent (4|111)\b/g)].map((m) => m[1]));
    assert.deepEqual(closers, ['111'], run.commands.join(' | '));
  });

  test('error texts: the simulator prints the real words, and svc gives them the code it gives the captures', async () => {
    // INJECT_EVENTS: API 35 words as the vivo (Android 14) and Xiaomi captures, API 29 as the Xiaomi Android 10 one.
    for (const [index, file] of [
      [0, 'input-tap-vivo-api34-inject-events.txt'],
      [1, 'input-keyevent-xiaomi-api29-inject-events.txt'],
    ] as const) {
      const sim = lab.devices[index]!;
      sim.faults.set('input_inject_denied');
      try {
        const said = await run('input tap 10 10', index);
        const real = capture(file);
        assert.equal(lineWith(said.output, 'SecurityException'), lineWith(real, 'SecurityException'), file);
        for (const text of [said, splitAtSentinel(`${real}${RC_SENTINEL}${said.status}\n`)]) {
          assert.throws(() => checkInput(text, 'GESTURE_FAILED', 'tap'), { code: 'INPUT_INJECTION_DENIED' });
        }
      } finally {
        sim.faults.clear('input_inject_denied');
      }
    }
    assert.equal(
      lineWith(capture('input-tap-xiaomi-inject-events.txt'), 'SecurityException'),
      lineWith(capture('input-tap-vivo-api34-inject-events.txt'), 'SecurityException'),
    );
    // uiautomator dump: the same line, the same code.
    const sim = lab.devices[0]!;
    for (const [fault, file, code] of [
      ['dump_null_root', 'uiautomator-dump-null-root.txt', 'UI_DUMP_NULL_ROOT'],
      ['dump_not_idle', 'uiautomator-dump-not-idle.txt', 'UI_DUMP_NOT_IDLE'],
    ] as const) {
      sim.faults.set(fault, fault === 'dump_not_idle' ? 0 : 1);
      try {
        const said = await run('uiautomator dump /data/local/tmp/x.xml');
        assert.equal(said.output, capture(file).trimEnd());
        const outcome = classifyDump(said);
        assert.equal(outcome.ok ? 'ok' : outcome.code, code);
      } finally {
        sim.faults.clear(fault);
      }
    }
    // am start and ime set: each real line's shape, the package and URI aside.
    const shapes: [string, string, RegExp[]][] = [
      [
        'am start -n com.example.none/.Main',
        'am-start-error-type-3-api21.txt',
        [/^Starting: Intent \{ cmp=\S+ \}$/m, /^Error type 3$/m, /^Error: Activity class \{\S+\} does not exist\.$/m],
      ],
      [
        "am start -a android.intent.action.VIEW -d 'nosuchscheme://x'",
        'am-start-view-unresolved.txt',
        [
          /^Error: Activity not started, unable to resolve Intent \{ act=android\.intent\.action\.VIEW dat=\S+ flg=0x10000000( pkg=\S+)? \}$/m,
        ],
      ],
      [
        'ime set com.example.none/.Ime',
        'ime-set-unknown.txt',
        [/^Unknown input method \S+ cannot be selected for user #0$/m],
      ],
    ];
    for (const [line, file, lines] of shapes) {
      const said = (await run(line)).output;
      for (const shape of lines) {
        assert.match(capture(file), shape, file);
        assert.match(said, shape, line);
      }
    }
  });
});
