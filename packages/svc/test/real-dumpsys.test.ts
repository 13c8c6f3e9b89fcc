// Real device outputs (test/fixtures/real-dumpsys/, each one's thread or origin in sources.json) through the svc code
// that reads them: whether the keyboard covers the screen (`dumpsys input_method`), the rotation and the physical
// display id (`dumpsys display`), the size (`wm size`), and the error texts, each of which must fail its step with
// its own code and never count as done. The simulator's answers in the same format: real-dumpsys-adb.test.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { FakeAdb, ok } from '../src/adapters/adb/fake-adb.test-helper.ts';
import { createContext } from '../src/core/context.ts';
import { RC_SENTINEL, splitAtSentinel } from '../src/device-shell/device-shell.ts';
import { classifyDump } from '../src/device-shell/dump-outcome.ts';
import {
  INPUT_SHOWN,
  INPUT_VIEW_SHOWN,
  keyboardCheckLine,
  keyboardCovers,
} from '../src/device-shell/keyboard-state.ts';
import { checkCapability } from '../src/doctor/checks/device.ts';
import { closeApp, openApp, openUri } from '../src/executions/drivers/adb/actions/apps.ts';
import { checkInput } from '../src/executions/drivers/adb/device-input.ts';
import { fakeStep } from '../src/executions/drivers/adb/fake-step.test-helper.ts';
import { selectUnicodeKeyboard } from '../src/executions/drivers/adb/unicode-keyboard.ts';
import { focusedPhysicalDisplay } from '../src/executions/screen-capture.ts';
import { displayRotation, wmValue } from '../src/toolbox/tools/screen.ts';
import { CAPTURE_SOURCES, capture, grepLines, REAL_DUMPSYS } from './real-dumpsys-cases.ts';

const withStatus = (text: string, status: number) => splitAtSentinel(`${text}${RC_SENTINEL}${status}\n`);

test('the corpus: every capture has its source, and every source its capture', () => {
  const files = readdirSync(REAL_DUMPSYS).filter((f) => f.endsWith('.txt'));
  assert.deepEqual(CAPTURE_SOURCES.map((s) => s.file).sort(), files.sort());
  for (const source of CAPTURE_SOURCES) {
    if (source.url === null) assert.ok(source.where, `${source.file}: where it was found`);
    else assert.match(source.url, /^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull)\/\d+$/, source.file);
    if (source.repository !== null) assert.ok(source.url?.includes(`/${source.repository}/`), source.file);
    assert.ok(source.device !== '' && source.command !== '', source.file);
    assert.ok('trimmed' in source, `${source.file}: says what was left out, or null`);
  }
});

describe('dumpsys input_method', () => {
  // Motorola, Android 9, Gboard: no keyboard on screen (mInputShown=false, mWindowVisible=false), while the input
  // method's own mIsInputViewShown stays true from its last showing (InputMethodService.hideWindow keeps it).
  const motorola = capture('input-method-motorola-api28.txt');

  test('a keyboard that went away does not cover the screen, though its view flag is still true', () => {
    assert.ok(motorola.includes(INPUT_VIEW_SHOWN), 'the stale view flag: the view flag alone says "up"');
    assert.ok(!motorola.includes(INPUT_SHOWN));
    assert.match(motorola, /mWindowVisible=false/);
    assert.equal(keyboardCovers(motorola), false);
  });

  test('the device-side line asks for both marks, so on this phone it runs the tap instead of closing a keyboard', () => {
    const line = keyboardCheckLine('UP', 'input tap 540 1700');
    assert.equal(
      line,
      `dumpsys input_method 2>/dev/null | grep -q '${INPUT_SHOWN}' && dumpsys input_method 2>/dev/null | grep -q '${INPUT_VIEW_SHOWN}' && echo UP || input tap 540 1700`,
    );
    // What grep -q finds in the capture, mark by mark: the first test already fails, so the tap runs.
    assert.equal(grepLines(motorola, INPUT_SHOWN), '');
    assert.equal(grepLines(motorola, INPUT_VIEW_SHOWN), '  mIsInputViewShown=true mStatusIcon=0');
  });

  test('the lines svc reads keep the shape the simulator prints', () => {
    assert.match(
      motorola,
      /^ {2}mShowRequested=false mShowExplicitlyRequested=false mShowForced=false mInputShown=false$/m,
    );
    assert.match(motorola, /^Input method service state for com\.android\.inputmethod\.latin\.LatinIME@\w+:$/m);
    assert.match(
      motorola,
      /^ {2}mCurMethodId=com\.google\.android\.inputmethod\.latin\/com\.android\.inputmethod\.latin\.LatinIME$/m,
    );
  });
});

describe('dumpsys display and wm size', () => {
  // What screen-capture.ts asks a device that showed several displays: the focused display, then the viewports.
  const viewportsOf = (text: string) => grepLines(text, 'DisplayViewport');

  test("Pixel 3 XL, Android 12: rotation 0, the screencap id of display 0 is its viewport's local:0", () => {
    const text = capture('display-pixel3xl-android12.txt');
    assert.equal(displayRotation(text), 0);
    assert.equal(focusedPhysicalDisplay(viewportsOf(text)), '0');
    assert.equal(focusedPhysicalDisplay(`  mTopFocusedDisplayId=0\n${viewportsOf(text)}`), '0');
    // A display the window manager names but the viewports do not: no id, screencap without -d.
    assert.equal(focusedPhysicalDisplay(`  mTopFocusedDisplayId=4\n${viewportsOf(text)}`), undefined);
  });

  test('OnePlus 8 Pro (a viewport without isActive): the 64-bit physical id, rotation 0', () => {
    const text = capture('display-oneplus8pro.txt');
    assert.equal(displayRotation(text), 0);
    assert.equal(focusedPhysicalDisplay(viewportsOf(text)), '19260743943036801');
  });

  test('wm size: the override wins over the physical size, in the screen tool and in doctor', async () => {
    assert.deepEqual(wmValue(capture('wm-size-android14.txt'), 'size'), [1080, 2400]);
    assert.deepEqual(wmValue(capture('wm-size-override-android14.txt'), 'size'), [1080, 1920]);
    for (const [file, size] of [
      ['wm-size-android14.txt', '1080x2400'],
      ['wm-size-override-android14.txt', '1080x1920'],
    ] as const) {
      const adb = new FakeAdb();
      adb.handle = (_serial, command) =>
        ok(command.startsWith('getprop') ? '34\n' : command === 'wm size' ? capture(file) : '');
      const result = await checkCapability(createContext({ env: {}, adb }), 'fake-1');
      assert.equal(result.evidence?.wmSize, size, file);
    }
  });
});

describe('error texts: each fails its step with its own code', () => {
  for (const [file, status] of [
    ['input-tap-honor-inject-events.txt', 0],
    ['input-keyevent-xiaomi-api29-inject-events.txt', 0],
    ['input-tap-vivo-api34-inject-events.txt', 255],
    ['input-tap-xiaomi-inject-events.txt', 0],
  ] as const) {
    test(`${file}: INPUT_INJECTION_DENIED with the exception's line, whatever the exit status`, () => {
      const text = capture(file);
      for (const rc of [status, 1, -1]) {
        const result = rc === -1 ? splitAtSentinel(text) : withStatus(text, rc);
        assert.throws(
          () => checkInput(result, 'GESTURE_FAILED', 'tap'),
          (e: { code: string; message: string }) =>
            e.code === 'INPUT_INJECTION_DENIED' &&
            /java\.lang\.SecurityException: Injecting .*INJECT_EVENTS/.test(e.message),
          `${file} exit ${rc}`,
        );
      }
    });
  }

  test('uiautomator dump: not idle and null root are retryable failures; the done line without XML is no screen', () => {
    const notIdle = classifyDump(withStatus(capture('uiautomator-dump-not-idle.txt'), 0));
    assert.deepEqual(notIdle.ok ? 'ok' : [notIdle.code, notIdle.retryable], ['UI_DUMP_NOT_IDLE', true]);
    const nullRoot = classifyDump(withStatus(capture('uiautomator-dump-null-root.txt'), 0));
    assert.deepEqual(nullRoot.ok ? 'ok' : [nullRoot.code, nullRoot.retryable], ['UI_DUMP_NULL_ROOT', true]);
    const done = capture('uiautomator-dump-done.txt');
    const empty = classifyDump(withStatus(done, 0));
    assert.equal(empty.ok ? 'ok' : empty.code, 'UI_DUMP_EMPTY');
    // The same line with the file's XML after the sentinel (a real dump of the corpus) is the screen.
    const xml = readFileSync(join(REAL_DUMPSYS, '..', 'real-dumps', 'efree.xml'), 'utf8');
    const read = classifyDump(splitAtSentinel(`${done}${RC_SENTINEL}0\n${xml}`));
    assert.ok(read.ok && read.xml.startsWith('<?xml') && read.xml.endsWith('</hierarchy>'));
  });

  const device = (answers: (command: string) => string | ReturnType<typeof ok>) => {
    const adb = new FakeAdb();
    adb.handle = (_serial, command) => {
      if (command.startsWith('getprop')) return ok('34\n');
      const answer = answers(command);
      return typeof answer === 'string' ? ok(answer) : answer;
    };
    return adb;
  };

  for (const file of [
    'am-start-error-type-3.txt',
    'am-start-error-type-3-api21.txt',
    'am-start-launcher-unresolved-pixel2.txt',
  ]) {
    test(`open_app, am start answering ${file}: APP_NOT_FOUND, not opened`, async () => {
      const adb = device((command) => {
        if (command.includes('resolve-activity')) return 'com.example.app/.MainActivity\n__svc_rc=0\n';
        if (command.startsWith('am start')) return `${capture(file)}__svc_rc=0\n`;
        return '__svc_rc=0\n';
      });
      const step = fakeStep(adb, { id: 'open', type: 'open_app', params: { applicationId: 'com.example.app' } });
      await assert.rejects(openApp(step), (e: { code: string; message: string }) => {
        assert.equal(e.code, 'APP_NOT_FOUND');
        // The `Error: ...` line says what went wrong; `Error type 3` before it only numbers the kind.
        assert.match(e.message, /: Error: /);
        return true;
      });
    });
  }

  test('open_uri, am start answering "unable to resolve Intent": URI_NOT_HANDLED', async () => {
    const adb = device(() => `${capture('am-start-view-unresolved.txt')}__svc_rc=0\n`);
    const step = fakeStep(adb, { id: 'uri', type: 'open_uri', params: { uri: 'exp://127.0.0.1:19004/--/details/3' } });
    await assert.rejects(openUri(step), { code: 'URI_NOT_HANDLED' });
  });

  test('ime set answering "Unknown input method … cannot be selected": the Unicode keyboard is not taken as selected', async () => {
    // The first line is `settings get secure default_input_method` (the Motorola capture's keyboard).
    const before = 'com.google.android.inputmethod.latin/com.android.inputmethod.latin.LatinIME\n';
    for (const status of [0, 255]) {
      const adb = device(() => ok(`${before}__svc_rc=${status}\n`, status, capture('ime-set-unknown.txt')));
      const step = fakeStep(adb, { id: 'type', type: 'enter_text', params: {} });
      await assert.rejects(selectUnicodeKeyboard(step.shell), (e: { code: string; message: string }) => {
        assert.equal(e.code, 'TEXT_ENTRY_FAILED');
        assert.match(e.message, /Unknown input method com\.alexal1\.adbkeyboard\/\.AdbIME cannot be selected/);
        return true;
      });
    }
  });

  test('"cmd: Can\'t find service: package": open_app and close_app fail as the device, not as a missing app', async () => {
    const said = capture('cmd-package-no-service.txt');
    // With exit status 0, the worst case: the words alone must fail the step.
    const adb = device((command) => ok('__svc_rc=0\n', 0, command.includes('am start') ? '' : said));
    const open = fakeStep(adb, { id: 'open', type: 'open_app', params: { applicationId: 'com.example.app' } });
    await assert.rejects(openApp(open), { code: 'DEVICE_SHELL_UNAVAILABLE', message: /Can't find service: package/ });
    const close = fakeStep(adb, { id: 'close', type: 'close_app', params: { applicationId: 'com.example.app' } });
    await assert.rejects(closeApp(close), { code: 'DEVICE_SHELL_UNAVAILABLE' });
    assert.ok(!adb.calls.some((c) => c.includes('am start')), 'nothing started');
  });
});
