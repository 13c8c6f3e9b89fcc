// The simulated stock phone's input and system tools through the real adb binary, as a host without any app on the
// device sees them: `input` hit-testing like Android's touch dispatch, the soft keyboard and the lock screen,
// `input text` and `keyevent` as on a phone, `am`/`monkey`/`dumpsys`/`pidof`/`killall`/`screenrecord` answers, and a
// device below API 24 whose adb has no shell protocol v2 (no exit status, stderr mixed into stdout).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLab, type Lab } from '../src/testing/lab.ts';

const NOTES = 'com.svc.notes';

describe('input and system tools on a stock phone', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({
      devices: [
        { operator: false },
        { operator: false, apiLevel: 23 },
        { operator: false, apiLevel: 28 },
        { operator: false, apiLevel: 21 },
      ],
    });
  });
  after(() => lab?.close());
  const shell = (line: string, i = 0) => lab.adb('-s', lab.devices[i]!.serial, 'shell', line);
  const dump = async (i = 0) => (await shell('uiautomator dump /dev/tty', i)).stdout;
  const openNotes = (i = 0) => shell(`am force-stop ${NOTES}; am start -n ${NOTES}/.MainActivity`, i);
  const keyboardUp = async (i = 0) => /mInputShown=true/.test((await shell('dumpsys input_method', i)).stdout);

  it('a disabled clickable button takes the tap and does nothing; the row around it takes taps elsewhere', async () => {
    await openNotes();
    await shell('input tap 900 728'); // the disabled "Archive all" button inside the archive row
    assert.match(await dump(), /Archived notes/, 'still on the main screen');
    await shell('input tap 200 728'); // the row's label: the row is clicked
    assert.match(await dump(), /No archived notes/);
  });

  it('a swipe that does not move is a tap, or a long click when held past the long-press timeout', async () => {
    await openNotes();
    await shell('input swipe 540 870 540 870 100');
    assert.match(await dump(), /Pinned note \(opened\)/);
    await shell('input swipe 540 870 542 871 800');
    assert.match(await dump(), /Pinned note \(held\)/);
  });

  it('tapping a text field shows the keyboard over the bottom of the screen; taps there reach the keyboard', async () => {
    await openNotes();
    assert.equal(await keyboardUp(), false);
    await shell('input tap 540 2050'); // the note field, low on the screen
    assert.equal(await keyboardUp(), true);
    assert.match((await shell('dumpsys input_method')).stdout, /mInputShown=true\n[\s\S]*mIsInputViewShown=true/);
    await shell("input text 'hello%sthere'");
    await shell('input tap 540 2200'); // Save, under the keyboard: the keyboard takes it
    assert.match(await dump(), /Last note: nothing yet/);
    await shell('input keyevent 111'); // ESCAPE closes the keyboard without leaving the screen
    assert.equal(await keyboardUp(), false);
    // As a real input method: its own view flag stays true once the keyboard has gone (svc real-dumpsys fixtures).
    assert.match((await shell('dumpsys input_method')).stdout, /mInputShown=false\n[\s\S]*mIsInputViewShown=true/);
    await shell('input tap 540 2200');
    assert.match(await dump(), /Last note: hello there/);
  });

  it('keyevent takes several codes at once; the enter key types a newline in a multi-line field', async () => {
    await openNotes();
    await shell("input tap 540 2050; input text 'abcd'; input keyevent 67 67 KEYCODE_DEL 66; input text 'x'");
    assert.match(await dump(), /resource-id="com\.svc\.notes:id\/note"/);
    assert.match(await dump(), /text="a&#10;x" resource-id="com\.svc\.notes:id\/note"/);
  });

  it('input text types printable ASCII; anything else fails with the NullPointerException of a real device', async () => {
    // mobile-next/mobile-mcp#78: KeyCharacterMap.getEvents returns null for characters the virtual keyboard lacks.
    const modern = await shell("input text 'café'");
    assert.equal(modern.code, 255);
    assert.match(
      modern.stderr,
      /^Exception occurred while executing 'text':\njava\.lang\.NullPointerException: Attempt to get length of null array\n/,
    );
    const before28 = await shell("input text 'café'; echo rc=$?", 2);
    assert.match(before28.stdout, /rc=1\n$/);
    assert.match(
      before28.stderr,
      /^Exception in thread "main" java\.lang\.NullPointerException: Attempt to get length/,
    );
  });

  it('POWER locks the screen: the keyguard has the focus, the dump shows it, taps do nothing, MENU unlocks', async () => {
    await openNotes();
    await shell('input keyevent 26');
    const policy = (await shell('dumpsys window policy')).stdout;
    assert.match(policy, /KeyguardServiceDelegate\n\s+showing=true/);
    assert.match((await shell('dumpsys window displays')).stdout, /mCurrentFocus=Window\{\S+ u0 NotificationShade\}/);
    assert.match(await dump(), /package="com\.android\.systemui".*keyguard_status_view/);
    await shell('input tap 540 870');
    await shell('input keyevent 82');
    assert.match((await shell('dumpsys window policy')).stdout, /showing=false/);
    assert.match(await dump(), /Pinned note \(idle\)/, 'the tap while locked reached nothing');
  });

  it('dumpsys window puts the focus lines under displays from API 29, under windows with an AppWindowToken before', async () => {
    await openNotes();
    const modern = (await shell('dumpsys window displays')).stdout;
    assert.match(modern, /mFocusedApp=ActivityRecord\{\S+ u0 com\.svc\.notes\/\.MainActivity t\d+\}/);
    assert.match(modern, /mCurrentFocus=Window\{\S+ u0 com\.svc\.notes\/com\.svc\.notes\.MainActivity\}/);
    await openNotes(2);
    assert.doesNotMatch((await shell('dumpsys window displays', 2)).stdout, /mFocusedApp/);
    const old = (await shell('dumpsys window windows', 2)).stdout;
    assert.match(
      old,
      /mFocusedApp=AppWindowToken\{\S+ token=Token\{\S+ ActivityRecord\{\S+ u0 com\.svc\.notes\/\.MainActivity t\d+\}\}\}/,
    );
    assert.match((await shell('dumpsys window policy', 2)).stdout, /KeyguardServiceDelegate/);
  });

  it('dumpsys window displays gives the natural size as init= and the rotated one as cur= (AOSP DisplayContent.dump)', async () => {
    await shell('settings put system accelerometer_rotation 0; settings put system user_rotation 1');
    try {
      assert.match((await shell('dumpsys window displays')).stdout, /\binit=1080x2400 \d+dpi cur=2400x1080\b/);
    } finally {
      await shell('settings put system user_rotation 0');
    }
    assert.match((await shell('dumpsys window displays')).stdout, /\binit=1080x2400 \d+dpi cur=1080x2400\b/);
  });

  it('am start -W reports the launch on stdout, and an unresolvable intent there too', async () => {
    const ok = await shell(
      `am start -W -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -n ${NOTES}/.MainActivity`,
    );
    assert.match(
      ok.stdout,
      /^Starting: Intent \{ act=android\.intent\.action\.MAIN cat=\[android\.intent\.category\.LAUNCHER\] cmp=com\.svc\.notes\/\.MainActivity \}\n/,
    );
    const none = await shell('am start -W -a android.intent.action.VIEW -d nohandler://x');
    assert.match(
      none.stdout,
      /\nError: Activity not started, unable to resolve Intent \{ act=android\.intent\.action\.VIEW dat=nohandler:\/\/x flg=0x10000000 \}\n$/,
    );
    assert.equal(none.stderr, '');
    assert.match(
      (await shell('am start -a android.intent.action.VIEW -d nohandler://x')).stderr,
      /^Error: Activity not started/,
    );
  });

  it('pidof finds an app process until force-stop; killall signals tools by name and says when none ran', async () => {
    await openNotes();
    assert.match((await shell(`pidof ${NOTES}`)).stdout, /^\d+\n$/);
    assert.equal((await shell(`am force-stop ${NOTES}; pidof ${NOTES}`)).code, 1);
    const none = await shell('killall -INT screenrecord');
    assert.deepEqual([none.code, none.stderr], [1, 'killall: No such process\n']);
  });

  it('screenrecord records in the background until SIGINT, then finishes the MP4 file', async () => {
    await shell('nohup screenrecord --time-limit 30 /data/local/tmp/r.mp4 >/dev/null 2>&1 &');
    assert.match((await shell('pidof screenrecord')).stdout, /^\d+\n$/, 'it outlived the shell that started it');
    assert.equal((await shell('killall -INT screenrecord')).code, 0);
    assert.equal((await shell('pidof screenrecord')).code, 1);
    const file = await lab.adbBytes('-s', lab.devices[0]!.serial, 'exec-out', 'cat /data/local/tmp/r.mp4');
    assert.equal(file.stdout.subarray(4, 8).toString('latin1'), 'ftyp');
    assert.equal(file.stdout.subarray(-4).toString('latin1'), 'moov', 'finished: the moov box is written');
    const bad = await shell('screenrecord --time-limit 500 /data/local/tmp/x.mp4');
    assert.deepEqual([bad.code, bad.stderr], [2, 'Time limit 500s outside acceptable range [1,180]\n']);
  });

  it('below API 24 there is no cmd, monkey launches apps, and adb carries no exit status (a sentinel must)', async () => {
    const noCmd = await shell('cmd package resolve-activity --brief com.svc.notes', 1);
    assert.deepEqual([noCmd.code, noCmd.stdout], [0, '/system/bin/sh: cmd: not found\n'], 'no status, stderr mixed in');
    const launched = await shell(`monkey -p ${NOTES} -c android.intent.category.LAUNCHER 1`, 1);
    assert.match(launched.stdout, /Events injected: 1\n/);
    assert.match(await dump(1), /Last note: nothing yet/);
    const aborted = await shell('monkey -p com.example.absent -c android.intent.category.LAUNCHER 1; echo "rc=$?"', 1);
    assert.match(aborted.stdout, /\*\* No activities found to run, monkey aborted\.\nrc=252\n$/);
    assert.equal((await shell('exit 3', 1)).code, 0);
    assert.equal((await shell('exit 3', 0)).code, 3, 'with shell v2 (API 24+) adb carries the status');
  });

  it('has the tools of its API level: pidof and nohup from 23 (toybox), killall from 24, and ps and kill on every level', async () => {
    // AOSP system/core shell_and_utilities/README.md: Android 5 has toolbox only, 6 brings toybox's pidof and nohup,
    // 7 killall.
    assert.equal((await shell('killall -INT screenrecord', 1)).stdout, '/system/bin/sh: killall: not found\n');
    assert.equal((await shell('pidof screenrecord', 3)).stdout, '/system/bin/sh: pidof: not found\n');
    await openNotes(1);
    assert.match((await shell(`pidof ${NOTES}`, 1)).stdout, /^\d+\n$/, 'toybox pidof on API 23');
    await openNotes(3);
    const listed = (await shell('ps', 3)).stdout.split('\n');
    assert.equal(listed[0], 'USER     PID   PPID  VSIZE  RSS     WCHAN    PC        NAME', 'toolbox ps');
    assert.ok(
      listed.some((line) => line.endsWith(` ${NOTES}`)),
      listed.join('\n'),
    );
    assert.equal((await shell('nohup true', 3)).stdout, '/system/bin/sh: nohup: not found\n');
    // Without nohup, the shell ignores the hang-up itself and the tool inherits it (what nohup does).
    await shell("trap '' HUP; screenrecord --time-limit 30 /data/local/tmp/old.mp4 >/dev/null 2>&1 &", 3);
    const tool = (await shell('ps', 3)).stdout.split('\n').find((line) => line.endsWith(' screenrecord'));
    assert.ok(tool, 'a tool started by the shell is listed by name');
    assert.equal((await shell(`kill -2 ${tool.trim().split(/\s+/)[1]}`, 3)).stdout, '');
    assert.ok(!(await shell('ps', 3)).stdout.includes(' screenrecord\n'), 'SIGINT ended it');
    const file = await lab.adbBytes('-s', lab.devices[3]!.serial, 'exec-out', 'cat /data/local/tmp/old.mp4');
    assert.equal(file.stdout.subarray(-4).toString('latin1'), 'moov', 'finished by SIGINT');
    assert.equal((await shell('kill -2 99999', 3)).stdout, '/system/bin/sh: kill: 99999: No such process\n');
    // From API 26 ps is toybox's: only the caller's own processes unless -A.
    await openNotes();
    assert.ok(!(await shell('ps')).stdout.includes(NOTES));
    assert.match(
      (await shell('ps -A')).stdout,
      new RegExp(`^USER +PID +PPID[^\n]*\n[\\s\\S]* ${NOTES.replaceAll('.', '\\.')}\n`),
    );
  });
});
