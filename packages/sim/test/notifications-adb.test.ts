// What real adb reads of the simulated phone's notifications, per release. Each layout follows AOSP
// services/core/java/com/android/server/notification/NotificationRecord.java as that release has it:
// - Android 5 (lollipop-release `dump(pw, prefix, baseContext)`): `score=` in the header, fields 6 spaces in, extras
//   8, and a CharSequence extra printed as its class name only ("redact contents from bugreports"), flags or not.
// - Android 7 (CyanogenMod/android_frameworks_base cm-14.1 `dump(..., redact)`): `importance=`, `seen=`, and
//   `android.title=String (text)` with --noredact, `android.title=String` without.
// - Android 15 (aosp-mirror/platform_frameworks_base main `dump` + `dumpNotification`; the Pixel API 34 capture quoted
//   in a public Go test, find_string "dumpsysNotificationsApi34", nests the same way): `notification=` then the
//   Notification's fields 12 spaces in, extras 16, `[length=N]` when redacted, `publicNotification=`.
// The shade: `cmd statusbar expand-notifications|collapse` (StatusBarShellCommand, Android 7+), `service call
// statusbar 1|2` before (IStatusBarService: expandNotificationsPanel, collapsePanels). SMS: `content query`
// (cmds/content Content.java: `Row: n col=value, ...`, "Error while accessing provider:" on stderr, exit 0).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { receiveSms } from '../src/device/sms.ts';
import type { SimDevice } from '../src/sim-device.ts';
import { createLab, type Lab } from '../src/testing/lab.ts';

describe('notifications as adb reads them on Android 5, 7 and 15', () => {
  let lab: Lab;
  let devices: Record<number, SimDevice>;
  before(async () => {
    lab = await createLab({
      devices: [21, 24, 35].map((apiLevel) => ({ apiLevel, operator: false as const })),
    });
    devices = { 21: lab.devices[0]!, 24: lab.devices[1]!, 35: lab.devices[2]! };
    for (const sim of Object.values(devices)) {
      sim.device.notifications?.post({
        pkg: 'com.svc.login',
        title: 'Login',
        text: 'Your code is 482913',
        category: 'msg',
        actions: [{ title: 'Reply', reply: true }],
        contentIntent: { launch: 'com.svc.login' },
      });
    }
  });
  after(async () => {
    await lab?.close();
  });
  const shell = async (api: number, ...args: string[]) =>
    (await lab.adb('-s', devices[api]!.serial, 'shell', ...args)).stdout.replaceAll('\r\n', '\n');

  it('Android 5 never prints the text, with or without --noredact, and its header says score=', async () => {
    const dump = await shell(21, 'dumpsys', 'notification', '--noredact');
    assert.match(
      dump,
      /^ {4}NotificationRecord\(0x[0-9a-f]{8}: pkg=com\.svc\.login user=UserHandle\{0\} id=1 tag=null score=0 key=/m,
    );
    assert.match(dump, /^ {6}icon=0x7f080001 \/ com\.svc\.login:drawable\/ic_notification$/m);
    assert.match(dump, /^ {8}android\.title=String$/m);
    assert.match(dump, /^ {8}\[0\] "Reply" -> PendingIntent\{/m);
    assert.doesNotMatch(dump, /482913/);
    assert.doesNotMatch(dump, /notification=$/m);
  });

  it('Android 7 prints the text with --noredact only', async () => {
    const open = await shell(24, 'dumpsys', 'notification', '--noredact');
    assert.match(open, /^ {8}android\.text=String \(Your code is 482913\)$/m);
    assert.match(open, /^ {6}seen=false$/m);
    assert.match(open, / importance=4 key=0\|com\.svc\.login\|1\|null\|\d+: Notification\(pri=0 /);
    const redacted = await shell(24, 'dumpsys', 'notification');
    assert.match(redacted, /^ {8}android\.text=String$/m);
    assert.doesNotMatch(redacted, /482913/);
  });

  it('Android 15 nests the Notification under notification= and redacts as [length=N]', async () => {
    const open = await shell(35, 'dumpsys', 'notification', '--noredact');
    assert.match(open, /^ {6}notification=\n {12}fullscreenIntent=null\n/m);
    assert.match(open, /^ {12}when=\d{13}$/m);
    assert.match(open, /^ {16}android\.title=String \(Login\)$/m);
    assert.match(open, /^ {6}publicNotification=\n {12}None$/m);
    assert.match(open, /Notification\(channel=default shortcut=null /);
    assert.match(await shell(35, 'dumpsys', 'notification'), /^ {16}android\.text=String \[length=19\]$/m);
  });

  it('the shade opens with service call statusbar 1 on Android 5 and cmd statusbar on Android 7+', async () => {
    assert.match(await shell(21, 'service', 'call', 'statusbar', '1'), /^Result: Parcel\(00000000 {4}'\.\.\.\.'\)/);
    assert.match(devices[21]!.device.ui.dumpXml(), /Your code is 482913/);
    await shell(21, 'service', 'call', 'statusbar', '2');
    assert.doesNotMatch(devices[21]!.device.ui.dumpXml(), /Your code is 482913/);
    assert.match(await shell(21, 'cmd', 'statusbar', 'collapse'), /cmd: not found/);
    await shell(35, 'cmd', 'statusbar', 'expand-notifications');
    assert.match(devices[35]!.device.ui.dumpXml(), /expandableNotificationRow/);
    // A tap on the row sends its content intent: the app comes to the front and the notification goes.
    const row = /text="Login"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(
      await shell(35, 'uiautomator', 'dump', '/dev/tty'),
    );
    assert.ok(row, 'the row is on the screen');
    await shell(35, 'input', 'tap', row[1]!, row[2]!);
    assert.equal(devices[35]!.device.ui.foregroundPackage(), 'com.svc.login');
    assert.doesNotMatch(await shell(35, 'dumpsys', 'notification', '--noredact'), /482913/);
  });

  it('content query of the SMS inbox: refused as a SecurityException (exit 0), or rows where the shell may', async () => {
    receiveSms(devices[24]!.device, { from: '+15550100', body: 'Code 1234, thanks' });
    const refused = await lab.adb('-s', devices[24]!.serial, 'shell', 'content query --uri content://sms/inbox');
    assert.equal(refused.code, 0);
    assert.match(
      refused.stdout + refused.stderr,
      /^Error while accessing provider:sms\njava\.lang\.SecurityException: Permission Denial/m,
    );
    devices[24]!.device.props.set('svc.sim.sms_shell', '1');
    const rows = await shell(
      24,
      'content',
      'query',
      '--uri',
      'content://sms/inbox',
      '--projection',
      '_id:address:body',
    );
    assert.equal(rows, 'Row: 0 _id=1, address=+15550100, body=Code 1234, thanks\n');
  });
});
