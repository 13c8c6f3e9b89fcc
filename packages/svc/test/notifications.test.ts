// Notifications through real adb on simulated phones of three releases whose `dumpsys notification` differ (the
// simulator prints each as AOSP's NotificationRecord.dump does on it: lollipop-release for Android 5, cm-14.1 for
// Android 7, aosp main and a Pixel API 34 capture for Android 10 and later; packages/sim/src/shell/commands/
// dumpsys-notification.ts cites them): reading, waiting for a new one and its code, acting through the shade, SMS.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MESSAGING_PACKAGE, receiveSms, type SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { waitBegan } from './notification-helpers.ts';
import { runCliJson } from './run-cli.ts';

const LOGIN = 'com.svc.login';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe('notifications on phones of three releases', () => {
  let lab: Lab;
  let old: SimDevice;
  let nougat: SimDevice;
  let current: SimDevice;
  before(async () => {
    lab = await createLab({
      devices: [
        { apiLevel: 21, operator: false },
        { apiLevel: 24, operator: false },
        { apiLevel: 35, operator: false },
      ],
    });
    [old, nougat, current] = lab.devices as [SimDevice, SimDevice, SimDevice];
  });
  after(async () => {
    await lab?.close();
  });
  const svc = (sim: SimDevice, ...args: string[]) => runCliJson([...args, '--device', sim.serial], { env: lab.env });
  const notify = (sim: SimDevice, input: { title: string; text: string; [k: string]: unknown }) =>
    sim.device.notifications?.post({ pkg: LOGIN, contentIntent: { launch: LOGIN }, ...input });

  test('lists title, text, actions, category and flags newest first where the phone prints them (7 and 16)', async () => {
    for (const sim of [nougat, current]) {
      notify(sim, { title: 'Older', text: 'first one', category: 'email' });
      notify(sim, {
        title: 'Newer',
        text: 'second one',
        bigText: 'second one\nwith a second line',
        category: 'msg',
        ongoing: true,
        autoCancel: false,
        actions: [{ title: 'Reply', reply: true }, { title: 'Archive' }],
      });
      const run = await svc(sim, 'notifications', '--app', LOGIN);
      assert.equal(run.code, 0, run.stdout);
      const [newer, older] = run.json.notifications;
      assert.deepEqual(
        [newer.title, newer.text, newer.bigText],
        ['Newer', 'second one', 'second one\nwith a second line'],
      );
      assert.deepEqual(
        [newer.category, newer.ongoing, newer.clearable, newer.actions],
        ['msg', true, false, ['Reply', 'Archive']],
      );
      assert.deepEqual([older.title, older.category, older.clearable], ['Older', 'email', true]);
      assert.match(newer.key, /^0\|com\.svc\.login\|\d+\|null\|\d+$/);
      assert.match(newer.time, /^\d{4}-\d\d-\d\dT/);
      // Budgeted as screens are: the newest within maxItems, and the answer says what was left out.
      const budgeted = await svc(sim, 'notifications', '--app', LOGIN, '--max-items', '1');
      assert.deepEqual(
        [budgeted.json.count, budgeted.json.truncated, budgeted.json.leftOut, budgeted.json.notifications[0].title],
        [1, true, 1, 'Newer'],
      );
      const byText = await svc(sim, 'notifications', '--text-matches', 'FIRST');
      assert.deepEqual(
        byText.json.notifications.map((n: { title: string }) => n.title),
        ['Older'],
      );
      for (const n of sim.device.notifications?.list() ?? []) sim.device.notifications?.cancel(n.key);
    }
  });

  test('Android 5 prints no notification text: each says textHidden and the answer NOTIFICATION_TEXT_HIDDEN', async () => {
    notify(old, { title: 'Secret', text: 'hidden 123456' });
    const run = await svc(old, 'notifications');
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json.notifications[0].textHidden, true);
    assert.equal(run.json.notifications[0].title, null);
    assert.equal(run.json.textHidden.code, 'NOTIFICATION_TEXT_HIDDEN');
    assert.ok(!run.stdout.includes('123456'));
    // A wait there still sees the new one come, and says it cannot read it.
    const waiting = svc(old, 'notifications', '--wait', '--extract', 'code', '--timeout', '20000');
    await waitBegan(old);
    notify(old, { title: 'Secret', text: 'code 654321', id: 99 });
    const waited = await waiting;
    assert.equal(waited.json.code, 'NOTIFICATION_TEXT_HIDDEN', waited.stdout);
    assert.match(waited.json.details.key, /^0\|com\.svc\.login\|99\|/);
  });

  test('--wait returns the first new matching notification, not one posted before the call, and --extract its code', async () => {
    for (const sim of [nougat, current]) {
      notify(sim, { title: 'Login', text: 'Your sign-in code is 111111' });
      const waiting = svc(sim, 'notifications', '--wait', '--app', LOGIN, '--extract', 'code', '--timeout', '20000');
      // Posted once the wait has read the list it compares with (its first dump reached the phone).
      await waitBegan(sim);
      notify(sim, { title: 'Other', text: 'unrelated', pkg: 'com.android.settings' });
      notify(sim, { title: 'Login', text: 'Your sign-in code is 482913' });
      const run = await waiting;
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.code, '482913');
      assert.equal(run.json.notification.app, LOGIN);
      // The text went back to the caller only: no file svc wrote (the daemon's log among them) holds it.
      for (const file of filesUnder(join(lab.home, '.svc'))) {
        assert.ok(!readFileSync(file, 'latin1').includes('482913'), `${file} holds the notification text`);
      }
      const none = await svc(sim, 'notifications', '--wait', '--text-matches', 'never', '--timeout', '600');
      assert.equal(none.json.code, 'NOTIFICATION_WAIT_TIMEOUT');
      const pattern = await svc(
        sim,
        'notifications',
        '--app',
        LOGIN,
        '--extract',
        'code',
        '--code-pattern',
        'is (\\d{3})',
      );
      assert.equal(pattern.json.notifications[0].code, '482');
    }
  });

  test('the login app posts a sign-in code when the password is forgotten, and the code signs in', async () => {
    const sim = current;
    assert.equal((await svc(sim, 'open', LOGIN)).code, 0);
    const sent = await svc(sim, 'click', '--text', 'Forgot password?');
    assert.equal(sent.code, 0, sent.stdout);
    const code = (await svc(sim, 'notifications', '--app', LOGIN, '--extract', 'code')).json.notifications[0].code;
    assert.match(code, /^\d{6}$/);
    const typed = await svc(sim, 'type', '--id', 'com.svc.login:id/code_input', '--text', code);
    assert.equal(typed.code, 0, typed.stdout);
    assert.equal((await svc(sim, 'click', '--text', 'Verify')).code, 0);
    assert.equal(sim.device.ui.foregroundPackage(), LOGIN);
    const screen = sim.device.ui.dumpXml();
    assert.match(screen, /Welcome/);
  });

  test('open, dismiss and an action with a reply go through the shade, which opens and closes', async () => {
    for (const sim of [old, current]) {
      assert.equal((await svc(sim, 'open', 'com.android.settings')).code, 0);
      notify(sim, { title: 'Open me', text: 'tap to open' });
      const store = sim.device.notifications;
      const key = (title: string) => store?.list().find((n) => n.title === title)?.key as string;
      // Android 5 hides the text from the dump but its shade shows it: the act finds the row by what the dump says.
      if (sim === old) {
        const opened = await svc(sim, 'notification', 'open', key('Open me'));
        assert.equal(opened.json.code, 'NOTIFICATION_NOT_IN_SHADE', opened.stdout);
        assert.equal((await svc(sim, 'notification', 'shade-open')).code, 0);
        assert.match(sim.device.ui.dumpXml(), /Open me/);
        assert.equal((await svc(sim, 'notification', 'shade-close')).code, 0);
        assert.doesNotMatch(sim.device.ui.dumpXml(), /Open me/);
        continue;
      }
      const opened = await svc(sim, 'notification', 'open', key('Open me'));
      assert.equal(opened.code, 0, opened.stdout);
      assert.equal(sim.device.ui.foregroundPackage(), LOGIN);
      assert.equal(key('Open me'), undefined, 'auto-cancel: tapped away');

      notify(sim, { title: 'Swipe me', text: 'away' });
      const dismissed = await svc(sim, 'notification', 'dismiss', key('Swipe me'));
      assert.equal(dismissed.code, 0, dismissed.stdout);
      assert.equal(dismissed.json.dismissed, true);
      notify(sim, { title: 'Stuck', text: 'ongoing', ongoing: true, autoCancel: false });
      assert.equal((await svc(sim, 'notification', 'dismiss', key('Stuck'))).json.code, 'NOTIFICATION_NOT_CLEARABLE');

      receiveSms(sim.device, { from: '+15550100', body: 'Are you coming?' });
      const message = store?.list().find((n) => n.pkg === MESSAGING_PACKAGE)?.key as string;
      const missing = await svc(sim, 'notification', 'action', message, 'Forward');
      assert.equal(missing.json.code, 'NOTIFICATION_ACTION_NOT_FOUND');
      const replied = await svc(sim, 'notification', 'action', message, 'Reply', '--reply', 'On my way');
      assert.equal(replied.code, 0, replied.stdout);
      assert.deepEqual(store?.responses.at(-1), { key: message, action: 'Reply', text: 'On my way' });
      assert.doesNotMatch(sim.device.ui.dumpXml(), /notification_panel/, 'the shade is closed again');
      const gone = await svc(sim, 'notification', 'open', '0|com.example|9|null|10999');
      assert.equal(gone.json.code, 'NOTIFICATION_NOT_FOUND');
    }
  });

  test('a swipe down from the status bar opens the shade and BACK closes it (the fallback a person uses)', async () => {
    notify(current, { title: 'Pull down', text: 'to see me' });
    await lab.adb('-s', current.serial, 'shell', 'input', 'swipe', '540', '20', '540', '1500', '300');
    assert.match(current.device.ui.dumpXml(), /Pull down/);
    await lab.adb('-s', current.serial, 'shell', 'input', 'keyevent', '4');
    assert.doesNotMatch(current.device.ui.dumpXml(), /Pull down/);
  });

  test('sms reads the inbox where the phone lets the shell, else SMS_UNAVAILABLE with a hint', async () => {
    receiveSms(nougat.device, { from: '+15550123', body: 'Your code: 909090, do not share' });
    const refused = await svc(nougat, 'sms');
    assert.equal(refused.json.code, 'SMS_UNAVAILABLE', refused.stdout);
    assert.match(refused.json.hint, /notifications/);
    nougat.device.props.set('svc.sim.sms_shell', '1');
    const read = await svc(nougat, 'sms', '--max', '5');
    assert.equal(read.code, 0, read.stdout);
    assert.deepEqual(
      [read.json.messages[0].from, read.json.messages[0].body],
      ['+15550123', 'Your code: 909090, do not share'],
    );
  });
});
