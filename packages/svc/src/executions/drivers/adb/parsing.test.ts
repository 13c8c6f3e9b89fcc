// The adb driver's readings of what devices print, on the exact texts real devices give (sources in each test).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RC_SENTINEL, splitAtSentinel } from '../../../device-shell/device-shell.ts';
import { classifyDump } from '../../../device-shell/dump-outcome.ts';
import { parseForeground, windowDumpCommand } from '../../../device-shell/foreground.ts';
import { typingCommands } from '../../../device-shell/input-line.ts';
import { pidsCommand, pidsIn } from '../../../device-shell/processes.ts';
import { untypable } from '../../../device-shell/unicode-keyboard-app.ts';

const XML =
  '<?xml version=\'1.0\' encoding=\'UTF-8\' standalone=\'yes\' ?><hierarchy rotation="0"><node index="0" text="" ' +
  'resource-id="" class="android.widget.FrameLayout" package="com.android.settings" content-desc="" checkable="false" ' +
  'checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" ' +
  'long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]" /></hierarchy>';

const dumpOf = (said: string, rc: number, file = '') => splitAtSentinel(`${said}${RC_SENTINEL}${rc}\n${file}`);

test('the sentinel line splits a command output into what it printed, its exit status and what came after', () => {
  assert.deepEqual(splitAtSentinel(`hello\nworld\n${RC_SENTINEL}3\nafter\n`), {
    output: 'hello\nworld',
    status: 3,
    after: 'after\n',
  });
  assert.deepEqual(splitAtSentinel(`${RC_SENTINEL}0\n`), { output: '', status: 0, after: '' });
  // A legacy shell (no shell protocol v2) ends lines with \r\n.
  assert.equal(splitAtSentinel(`x\r\n${RC_SENTINEL}1\r\n`).status, 1);
  assert.equal(splitAtSentinel('the shell died').status, -1);
  // Output without a final newline leaves the sentinel after its last characters: still an exit status.
  assert.deepEqual(splitAtSentinel(`no newline${RC_SENTINEL}0\n`), { output: 'no newline', status: 0, after: '' });
});

test('a dump is its XML even when the status line is on stdout; the file content wins', () => {
  // AOSP DumpCommand.java prints its (misspelled) status line after writing the file.
  const outcome = classifyDump(dumpOf('UI hierchary dumped to: /data/local/tmp/svc-window-dump.xml\n', 0, XML));
  assert.deepEqual(outcome, { ok: true, xml: XML });
});

test('every way a dump fails is named, and only the passing ones are retried', () => {
  const cases: [string, number, string, boolean][] = [
    // DumpCommand.java; dtmilano/AndroidViewClient#257: exit 0, no file.
    ['ERROR: null root node returned by UiTestAutomationBridge.\n', 0, 'UI_DUMP_NULL_ROOT', true],
    // TencentQQGYLab/AppAgent#39: after ~10 s without idle.
    ['ERROR: could not get idle state.\n', 0, 'UI_DUMP_NOT_IDLE', true],
    // xiaocong/uiautomator#218, appium/appium#17502: another UiAutomation client.
    [
      'java.lang.IllegalStateException: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@1c8b7a0already registered!\n',
      1,
      'UI_AUTOMATION_IN_USE',
      false,
    ],
    // appium/appium-espresso-driver#641.
    ['Killed\n', 137, 'UI_DUMP_KILLED', true],
    // fixed-width/glass#341: the NPE goes to logcat only.
    ['', 1, 'UI_DUMP_CRASHED', true],
    // appium/appium#4252: the success line with no XML.
    ['UI hierchary dumped to: /data/local/tmp/svc-window-dump.xml\n', 0, 'UI_DUMP_EMPTY', true],
  ];
  for (const [said, rc, code, retryable] of cases) {
    const outcome = classifyDump(dumpOf(said, rc));
    assert.equal(outcome.ok, false, said);
    assert.deepEqual(!outcome.ok && [outcome.code, outcome.retryable], [code, retryable], said);
  }
  // The step's message keeps the device's line, not the stack trace after it.
  const traced = classifyDump(
    dumpOf(
      'java.lang.IllegalStateException: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@1c8b7a0already registered!\n' +
        '\tat android.os.Parcel.readException(Parcel.java:1439)\n\tat android.os.Parcel.readException(Parcel.java:1385)\n',
      1,
    ),
  );
  assert.equal(
    !traced.ok && traced.detail,
    'exit 1: java.lang.IllegalStateException: UiAutomationService android.accessibilityservice.IAccessibilityServiceClient$Stub$Proxy@1c8b7a0already registered!',
  );
});

test('the foreground app comes from mFocusedApp, the focused window from mCurrentFocus, per API level', () => {
  assert.equal(windowDumpCommand(29), 'dumpsys window displays; dumpsys window policy');
  assert.equal(windowDumpCommand(28), 'dumpsys window windows; dumpsys window displays; dumpsys window policy');
  // API < 29 example: ashishb/adb-enhanced#4.
  const old = parseForeground(
    '  mCurrentFocus=Window{1e4e5b7 u0 com.android.settings/com.android.settings.Settings}\n' +
      '  mFocusedApp=AppWindowToken{1c2affb token=Token{fdee9da ActivityRecord{a9f0785 u0 com.android.settings/.Settings t15}}}\n',
  );
  assert.deepEqual(old, {
    package: 'com.android.settings',
    activity: '.Settings',
    focusedWindow: 'com.android.settings/com.android.settings.Settings',
    locked: false,
  });
  const newer = parseForeground(
    '  mCurrentFocus=Window{8e0f8b2 u0 com.example.app/com.example.app.MainActivity}\n' +
      '  mFocusedApp=ActivityRecord{3f18031 u0 com.example.app/.MainActivity t1290}\n',
  );
  assert.equal(newer.package, 'com.example.app');
  assert.equal(newer.activity, '.MainActivity');
  // AOSP DisplayContent.dump: `init=` is the natural size, `cur=` the logical size as the screen is rotated now.
  const rotated = parseForeground('  Display: mDisplayId=0\n    init=1080x2400 420dpi cur=2400x1080 app=2400x1017\n');
  assert.deepEqual(rotated.screen, { width: 2400, height: 1080 });
});

test('the keyguard in focus is a locked screen', () => {
  assert.equal(parseForeground('  mCurrentFocus=Window{3a1b u0 Keyguard}\n').locked, true);
  assert.equal(
    parseForeground('  mCurrentFocus=Window{3a1b u0 NotificationShade}\n  mShowingLockscreen=true\n').locked,
    true,
  );
  assert.equal(parseForeground('  mCurrentFocus=Window{3a1b u0 NotificationShade}\n').locked, false);
  // Android 8+: the policy section's KeyguardServiceDelegate (appium-adb lockmgmt), with the shade in focus.
  const policy = '    KeyguardServiceDelegate\n      showing=true\n      showingAndNotOccluded=true\n';
  assert.equal(parseForeground(`  mCurrentFocus=Window{3a1b u0 NotificationShade}\n${policy}`).locked, true);
  assert.equal(
    parseForeground(`  mCurrentFocus=Window{3a1b u0 com.example/com.example.Camera}\n${policy}`).locked,
    false,
    'an app shown over the keyguard takes the taps',
  );
});

test('typing: printable ASCII only; spaces as %s, a literal %s split, newlines as the enter key, quoted once', () => {
  assert.equal(untypable('plain text ~!@#$%^&*()'), undefined);
  assert.deepEqual(untypable('naïve'), { char: 'ï', index: 2 });
  assert.deepEqual(untypable('tab\there'), { char: '\t', index: 3 });
  assert.deepEqual(typingCommands("it's a b"), [`input text 'it'"'"'s%sa%sb'`]);
  assert.deepEqual(typingCommands('50%s off'), ["input text '50'", "input text '%'", "input text 's%soff'"]);
  assert.deepEqual(typingCommands('a\nb'), ["input text 'a'", 'input keyevent 66', "input text 'b'"]);
  assert.deepEqual(typingCommands('$(reboot)`id`;&'), ["input text '$(reboot)`id`;&'"]);
});

test('processes by name: pidof from API 23, the NAME column of toolbox ps on Android 5', () => {
  assert.equal(pidsCommand(23, 'com.svc.notes'), "pidof 'com.svc.notes'");
  assert.equal(pidsCommand(22, 'com.svc.notes'), 'ps');
  assert.deepEqual(pidsIn('/data/local/tmp/svc-rec-a.mp4\n4312 4400\n', 'screenrecord', 30), [4312, 4400]);
  assert.deepEqual(pidsIn('', 'screenrecord', 30), []);
  // Android 5 toolbox ps.c: user, pid, ppid, vsize, rss, wchan, pc, state, then the command line's first word.
  const ps =
    'USER     PID   PPID  VSIZE  RSS     WCHAN    PC        NAME\r\n' +
    'root      1     0     8904   744   ffffffff 00000000 S /init\r\n' +
    'u0_a54    2296  180   1525404 44612 ffffffff 00000000 S com.android.settings\r\n' +
    'u0_a54    2350  180   1498212 30112 ffffffff 00000000 S com.android.settings:remote\r\n' +
    'shell     3120  1     9020   2220  ffffffff 00000000 S /system/bin/screenrecord\r\n';
  assert.deepEqual(pidsIn(ps, 'com.android.settings', 21), [2296]);
  assert.deepEqual(pidsIn(ps, 'screenrecord', 21), [3120]);
  assert.deepEqual(pidsIn(ps, 'com.svc.notes', 21), []);
});
