// A ref of the compact snapshot in every place an action takes a selector, on both drivers, through real adb on a
// simulated device: click (and long click), read, wait, read-value's label, the scroll container, scroll-until's
// element, scroll-and-click's target, wait-for-nav's element. Rows without text of their own (the Settings list)
// are reached through the text they show. Each use after the screen changed is STALE_REF, does nothing, and answers
// with the screen as it is now.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { SimDevice } from 'svc-sim';
import { createLab, type Lab } from 'svc-sim/testing';
import { refsPath } from '../src/executions/refs/ref-store.ts';
import { connectStdio, type Loose, type StdioSession } from './mcp-client.ts';
import { isolatedEnv, runCliJson } from './run-cli.ts';

const refOf = (text: string, pattern: RegExp) => {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${text}`);
  return (line as string).split(' ')[0] as string;
};
const stepOf = (json: Loose) => json.envelope?.stepResults?.[0];

for (const driver of ['operator', 'adb'] as const) {
  describe(`a ref in every selector with the ${driver} driver`, () => {
    let lab: Lab;
    let sim: SimDevice;
    const svc = (...args: string[]) =>
      runCliJson([...args, '--driver', driver, '--device', sim.serial, '--no-daemon'], { env: lab.env });
    const compact = async () => {
      const run = await svc('snapshot', '--format', 'compact');
      assert.equal(run.code, 0, run.stdout);
      return stepOf(run.json).data.text as string;
    };
    const ok = async (...args: string[]) => {
      const run = await svc(...args);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stdout}`);
      return stepOf(run.json).data as Record<string, string>;
    };
    const settingsList = async () => {
      await svc('close-app', 'com.android.settings');
      await svc('open', 'com.android.settings');
      return compact();
    };
    before(async () => {
      lab = await createLab({ devices: [{}] });
      sim = lab.devices[0] as SimDevice;
    });
    after(async () => {
      await lab?.close();
    });

    test('a list row without text of its own: read, wait, scroll-until and wait-for-nav take its ref', async () => {
      const list = await settingsList();
      const network = refOf(list, /listitem "Network & internet"/);
      assert.equal((await ok('read', '--ref', network)).text, 'Network & internet');
      assert.equal((await ok('wait', '--ref', refOf(list, /listitem "Apps"/))).label, 'Apps');
      assert.equal((await ok('scroll-until', '--ref', refOf(list, /"Battery"/))).termination_reason, 'TARGET_FOUND');
      await ok('wait-for-nav', '--ref', refOf(list, /"Storage"/), '--timeout', '3000');
      assert.equal(await compact(), list, 'none of them changed the screen');
    });

    test('scroll-until --click by ref taps that row; a long click by ref presses that row', async () => {
      const pressed = await settingsList();
      // A row with no long-press action of its own takes a long press as a click (Android's View.onTouchEvent).
      await ok('click', '--ref', refOf(pressed, /"Notifications"/), '--long');
      await ok('wait', '--text', 'Notifications settings', '--timeout', '5000');
      const list = await settingsList();
      const clicked = await ok('scroll-until', '--ref', refOf(list, /listitem "Apps"/), '--click');
      assert.ok(clicked, 'scroll_and_click succeeded');
      await ok('wait', '--text-contains', 'App', '--timeout', '5000');
      const apps = await compact();
      assert.doesNotMatch(apps, /"Network & internet"/, `the Apps screen is showing:\n${apps}`);
    });

    test('the scroll container by ref scrolls that list; its old refs are then stale', async () => {
      const list = await settingsList();
      const scrolled = await ok('scroll', 'down', '--container-ref', refOf(list, /list id=recycler_view/));
      assert.equal(scrolled.scroll_outcome, 'moved');
      const stale = await svc('read', '--ref', refOf(list, /"Network & internet"/));
      assert.equal(stale.json.code, 'STALE_REF', stale.stdout);
    });

    test('read-value takes its label by ref', async () => {
      await svc('close-app', 'com.android.settings');
      await svc('open', 'com.android.settings');
      await ok('scroll-until', '--text', 'About phone', '--click');
      await ok('wait', '--text', 'Android version', '--timeout', '5000');
      const about = await compact();
      const value = await ok('read-value', '--label-ref', refOf(about, /text "Android version"/));
      assert.deepEqual([value.label, value.value], ['Android version', '15']);
    });

    test('every selector by ref after the screen changed is STALE_REF, and nothing is done', async () => {
      const list = await settingsList();
      const row = refOf(list, /"Connected devices"/);
      const container = refOf(list, /list id=recycler_view/);
      // Change the screen behind the refs: open a row by its text (a selector, not a ref).
      await ok('click', '--text', 'Battery');
      await ok('wait', '--text-contains', 'Battery', '--timeout', '5000');
      const moved = await compact();
      // A STALE_REF answer carries the screen as it is now, and its refs then work: each command below meets the
      // record of the Battery screen again, as the first one does.
      const record = refsPath(lab.home, sim.serial);
      const battery = readFileSync(record);
      await svc('back');
      const back = await svc('scroll', 'down');
      assert.equal(back.code, 0, back.stdout); // the list scrolled: same app, another layout than the refs saw
      const now = await svc('snapshot');
      const xmlBefore = stepOf(now.json).data.text;
      for (const args of [
        ['click', '--ref', row],
        ['click', '--ref', row, '--long'],
        ['read', '--ref', row],
        ['wait', '--ref', row],
        ['type', '--ref', refOf(list, /textfield/), '--text', 'x'],
        ['scroll', 'down', '--container-ref', container],
        ['scroll-until', '--ref', row],
        ['scroll-until', '--ref', row, '--click'],
        ['read-value', '--label-ref', row],
        ['wait-for-nav', '--ref', row, '--timeout', '2000'],
      ]) {
        writeFileSync(record, battery);
        const stale = await svc(...args);
        assert.equal(stale.code, 1, args.join(' '));
        assert.equal(stale.json.code, 'STALE_REF', `${args.join(' ')}: ${stale.stdout}`);
        assert.match(stale.json.details.screen, /^# com\.android\.settings 1080x2400, \d+ elements\n/);
      }
      assert.equal(stepOf((await svc('snapshot')).json).data.text, xmlBefore, 'nothing was tapped, typed or scrolled');
      assert.ok(moved.length > 0);
    });
  });
}

describe('refs in the selectors of the MCP tools', () => {
  let lab: Lab;
  let session: StdioSession;
  before(async () => {
    lab = await createLab({ devices: [{}] });
    session = await connectStdio(['--no-daemon'], isolatedEnv(lab.env), lab.home);
  });
  after(async () => {
    await session?.close();
    await lab?.close();
  });

  const call = async (name: string, args: Record<string, unknown>) =>
    (await session.client.callTool({ name, arguments: args })) as Loose;

  test('read-value label, scroll container, scroll-until selector and wait-for-nav selector take refs', async () => {
    await call('open', { target: 'com.android.settings' });
    const list = (await call('snapshot', {})).content[0].text as string;
    const found = await call('scroll-until', { selector: { ref: refOf(list, /"Display"/) } });
    assert.equal(found.isError, false, found.content[0].text);
    const nav = await call('wait-for-nav', { selector: { ref: refOf(list, /"Storage"/) }, timeoutMs: 3000 });
    assert.equal(nav.isError, false, nav.content[0].text);
    const scrolled = await call('scroll', { container: { ref: refOf(list, /list id=recycler_view/) } });
    assert.match(
      scrolled.content[0].text,
      /^ok scroll_outcome="moved" resolved_container="com\.android\.settings:id\/recycler_view"\n/,
    );
    await call('scroll-until', { selector: { textEquals: 'About phone' }, click: true });
    const about = (await call('wait', { selector: { textEquals: 'Android version' }, screen: 'full' })).content[0]
      .text as string;
    const value = await call('read-value', { label: { ref: refOf(about, /^e\d+ text "Android version"/) } });
    assert.equal(value.isError, false, value.content[0].text);
    assert.match(value.content[0].text, /^ok label="Android version" value="15"/);
  });
});
