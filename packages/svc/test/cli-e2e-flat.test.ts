// Every flat command once, through the real CLI process, real adb and a simulated device (issue 5 proof).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

describe('flat commands against a simulated device', () => {
  let lab: Lab;
  let serial: string;
  const svc = async (...args: string[]) => {
    const run = await runCliJson([...args, '--device', serial], { env: lab.env });
    return run;
  };
  /** Runs a command that must fully succeed and returns its only step. */
  const step = async (...args: string[]) => {
    const run = await svc(...args);
    assert.equal(run.code, 0, `${args.join(' ')} → ${run.stdout}`);
    assert.equal(run.json.ok, true);
    assert.equal(run.json.deviceId, serial);
    assert.equal(run.json.terminalSource, 'svc_result');
    assert.equal(run.json.envelope.stepResults.length, 1);
    return run.json.envelope.stepResults[0];
  };

  before(async () => {
    lab = await createLab({ devices: [{}] });
    serial = lab.devices[0]?.serial ?? '';
  });
  after(async () => {
    await lab?.close();
  });

  test('open <package> opens the app (open_app)', async () => {
    const result = await step('open', SETTINGS);
    assert.equal(result.actionType, 'open_app');
    assert.equal(result.data.application_id, SETTINGS);
  });

  test('wait --text finds the node; wait-for-nav waits for a change of app, or for an element already showing', async () => {
    assert.equal((await step('wait', '--text', 'Settings', '--timeout', '5000')).actionType, 'wait_for_node');
    // Settings is in front already: its element counts, the app alone does not (the operator app waits for a change
    // of app: TaskScopeDefault.kt:374-455 @ clawperator v0.5.2), and the failure says so.
    const shown = await step('wait-for-nav', '--app', SETTINGS, '--text', 'Settings', '--timeout', '5000');
    assert.equal(shown.actionType, 'wait_for_navigation');
    assert.equal(shown.data.resolved_package, SETTINGS);
    const stayed = await svc('wait-for-nav', '--app', SETTINGS, '--timeout', '1000');
    assert.equal(stayed.code, 1, stayed.stdout);
    assert.equal(stayed.json.failedCode, 'NAVIGATION_TIMEOUT');
    assert.equal(stayed.json.envelope.stepResults[0].data.last_package, SETTINGS);
    assert.match(stayed.json.hint, /already in front at the start does not count.*give its selector/);
  });

  test('snapshot returns the hierarchy XML and screenshot writes a PNG to --path', async () => {
    const snap = await step('snapshot');
    assert.equal(snap.actionType, 'snapshot_ui');
    assert.match(snap.data.text, /<hierarchy[\s\S]*text="Settings"/);
    const dir = await mkdtemp(join(tmpdir(), 'svc-cli-shot-'));
    const run = await runCliJson(['screenshot', '--path', 'shot.png', '--device', serial], { env: lab.env, cwd: dir });
    assert.equal(run.code, 0, run.stdout);
    const path = run.json.envelope.stepResults[0].data.path;
    assert.equal(path, join(dir, 'shot.png'));
    assert.ok(existsSync(path));
    assert.deepEqual([...readFileSync(path).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test('read --id reads text and type enters text into a field', async () => {
    const read = await step('read', '--id', `${SETTINGS}:id/homepage_title`);
    assert.equal(read.data.text, 'Settings');
    const typed = await step('type', '--id', `${SETTINGS}:id/search_src_text`, '--text', 'wifi');
    assert.equal(typed.actionType, 'enter_text');
    assert.equal(typed.data.text, undefined, 'the typed text is not echoed');
    assert.equal(typed.data.text_length, '4');
  });

  test('scroll sets an explicit direction and reports its outcome', async () => {
    const result = await step('scroll', 'down');
    assert.equal(result.data.direction, 'down');
    assert.ok(['moved', 'edge_reached'].includes(result.data.scroll_outcome));
    await step('scroll', 'up');
  });

  test('scroll-until finds an entry, scroll-and-click opens it, read-value reads a pair', async () => {
    const until = await step('scroll-until', '--text', 'About phone');
    assert.equal(until.actionType, 'scroll_until');
    const clicked = await step('scroll-and-click', '--text', 'About phone');
    assert.equal(clicked.actionType, 'scroll_and_click');
    const value = await step('read-value', '--label', 'Android version');
    assert.equal(value.actionType, 'read_key_value_pair');
    assert.match(JSON.stringify(value.data), /15/);
  });

  test('back and press go back and home (press_key)', async () => {
    // From About phone, back returns to the Settings list where it was scrolled to (About phone still visible).
    assert.equal((await step('back')).data.key, 'back');
    assert.equal((await step('click', '--text', 'About phone')).actionType, 'click');
    assert.equal((await step('wait', '--text', 'Build number', '--timeout', '3000')).actionType, 'wait_for_node');
    assert.equal((await step('press', 'home')).data.key, 'home');
    const settingsTitle = await svc('wait', '--text', 'Build number', '--timeout', '500');
    assert.equal(settingsTitle.json.envelope.stepResults[0].data.error, 'NODE_NOT_FOUND');
  });

  test('scroll-until --click opens the entry it finds', async () => {
    // Force-stop first: open would resume the About phone page, whose title also says "About phone".
    await step('close', SETTINGS);
    await step('open', SETTINGS);
    const result = await step('scroll-until', '--text', 'About phone', '--click', '--direction', 'down');
    assert.equal(result.actionType, 'scroll_and_click');
    assert.equal((await step('wait', '--text', 'Build number', '--timeout', '3000')).actionType, 'wait_for_node');
  });

  test('sleep and close run on the device', async () => {
    assert.equal((await step('sleep', '20')).data.duration_ms, '20');
    const closed = await step('close', SETTINGS);
    assert.equal(closed.actionType, 'close_app');
    assert.equal(closed.data.application_id, SETTINGS);
  });

  test('on-screen-log set reports the panel keys without echoing the text; clear reports only visible=false', async () => {
    const set = await step(
      'on-screen-log',
      'set',
      '--text',
      'secret panel text',
      '--anchor',
      'left',
      '--top-offset-dp',
      '0',
    );
    assert.equal(set.actionType, 'set_on_screen_log');
    for (const key of [
      'visible',
      'rendered',
      'truncated',
      'anchor',
      'text_align',
      'top_offset_dp',
      'edge_offset_dp',
      'width_dp',
      'font_size_sp',
      'text_color',
      'background_color',
      'ttl_ms',
      'bounds',
    ]) {
      assert.ok(key in set.data, `missing ${key}`);
    }
    assert.equal(set.data.visible, 'true');
    assert.equal(set.data.anchor, 'left');
    assert.equal(set.data.top_offset_dp, '0');
    assert.doesNotMatch(JSON.stringify(set.data), /secret panel text/);
    const clear = await step('on-screen-log', 'clear');
    assert.deepEqual(clear.data, { visible: 'false' });
  });

  test('a failed step exits 1 and stdout still holds the full run result (DECISIONS 19)', async () => {
    // No --timeout: the UiReadiness retries (about 6.5 s) must fit the execution timeout to report the step.
    const run = await svc('click', '--text', 'No such node anywhere');
    assert.equal(run.code, 1);
    assert.equal(run.json.ok, true);
    assert.equal(run.json.envelope.stepResults[0].success, false);
    assert.equal(run.json.envelope.stepResults[0].data.error, 'NODE_NOT_FOUND');
  });

  test('action open-app and action click run through the same path', async () => {
    assert.equal((await step('action', 'open-app', '--app', SETTINGS)).actionType, 'open_app');
    const clicked = await step('action', 'click', '--selector', '{"text":"Network & internet"}');
    assert.equal(clicked.actionType, 'click');
  });
});
