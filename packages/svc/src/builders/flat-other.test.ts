import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCommand } from './from-flags.ts';
import { execution, input, throwsCode } from './test-helpers.test-helper.ts';
import type { BuildInput } from './types.ts';

// Each command's builder, as the CLI runs it (the command's inputs in its action's definition).
const command = (key: string) => (call: BuildInput) => buildCommand(key, call);
const buildScroll = command('scroll');
const buildScrollAndClick = command('scroll-and-click');
const buildScrollUntil = command('scroll-until');
const buildBack = command('back');
const buildClose = command('close');
const buildOpen = command('open');
const buildPress = command('press');
const buildScreenshot = command('screenshot');
const buildSleep = command('sleep');
const buildSnapshot = command('snapshot');
const buildOnScreenLogSet = command('on-screen-log set');
const buildOnScreenLogClear = command('on-screen-log clear');
const ACTION_BUILDERS = {
  'open-app': command('action open-app'),
  'open-uri': command('action open-uri'),
  click: command('action click'),
  read: command('action read'),
  wait: command('action wait'),
  type: command('action type'),
  'press-key': command('action press-key'),
};

test('snapshot builds one snapshot_ui action with id snap and 30000 ms', () => {
  assert.deepEqual(buildSnapshot(input()), execution(30_000, [{ id: 'snap', type: 'snapshot_ui' }]));
  assert.equal(buildSnapshot(input({}, [], 5000)).timeoutMs, 5000);
});

test('screenshot builds take_screenshot, with params.path only when --path is given', () => {
  assert.deepEqual(buildScreenshot(input()), execution(30_000, [{ id: 'shot', type: 'take_screenshot' }]));
  assert.deepEqual(buildScreenshot(input({ path: ['a.png'] })).actions[0], {
    id: 'shot',
    type: 'take_screenshot',
    params: { path: 'a.png' },
  });
});

test('open picks open_uri for a target with a scheme and open_app otherwise', () => {
  assert.deepEqual(
    buildOpen(input({}, ['com.android.settings'])),
    execution(30_000, [{ id: 'open', type: 'open_app', params: { applicationId: 'com.android.settings' } }]),
  );
  for (const uri of ['https://example.com', 'settings://wifi', 'tel:123', 'market:details?id=x']) {
    assert.deepEqual(buildOpen(input({}, [uri])).actions[0], { id: 'open', type: 'open_uri', params: { uri } });
  }
});

test('close builds close_app; press and back build press_key', () => {
  assert.deepEqual(buildClose(input({}, ['p.q'])).actions[0], {
    id: 'close',
    type: 'close_app',
    params: { applicationId: 'p.q' },
  });
  assert.deepEqual(buildPress(input({}, ['home'])).actions[0], {
    id: 'press',
    type: 'press_key',
    params: { key: 'home' },
  });
  assert.deepEqual(buildPress(input({ key: ['recents'] })).actions[0], {
    id: 'press',
    type: 'press_key',
    params: { key: 'recents' },
  });
  assert.deepEqual(buildBack(input()), execution(30_000, [{ id: 'back', type: 'press_key', params: { key: 'back' } }]));
  throwsCode(() => buildPress(input({ key: ['home'] }, ['back'])), 'CLI_USAGE_ERROR');
  throwsCode(() => buildPress(input()), 'EXECUTION_VALIDATION_FAILED');
});

test('sleep takes a positional duration and sets max(duration + 5000, global timeout, 30000)', () => {
  assert.deepEqual(
    buildSleep(input({}, ['1500'])),
    execution(30_000, [{ id: 'sleep', type: 'sleep', params: { durationMs: 1500 } }]),
  );
  assert.equal(buildSleep(input({}, ['40000'])).timeoutMs, 45_000);
  assert.equal(buildSleep(input({}, ['1e3'], 60_000)).timeoutMs, 60_000);
  assert.equal(buildSleep(input({}, ['1e3'])).actions[0]?.params?.durationMs, 1000);
  throwsCode(() => buildSleep(input({}, ['1.5'])), 'EXECUTION_VALIDATION_FAILED');
  throwsCode(() => buildSleep(input({}, ['2s'])), 'EXECUTION_VALIDATION_FAILED');
});

test('scroll always sets the direction explicitly and takes only container flags', () => {
  assert.deepEqual(
    buildScroll(input()),
    execution(30_000, [{ id: 'scroll', type: 'scroll', params: { direction: 'down' } }]),
  );
  assert.deepEqual(buildScroll(input({}, ['up'])).actions[0]?.params, { direction: 'up' });
  assert.deepEqual(buildScroll(input({ direction: ['left'], containerId: ['p:id/l'] })).actions[0]?.params, {
    direction: 'left',
    container: { resourceId: 'p:id/l' },
  });
  throwsCode(() => buildScroll(input({ text: ['x'] })), 'EXECUTION_VALIDATION_FAILED');
  throwsCode(() => buildScroll(input({ direction: ['up'] }, ['down'])), 'CLI_USAGE_ERROR');
});

test('scroll-until builds scroll_until with an explicit direction and no clickAfter', () => {
  assert.deepEqual(
    buildScrollUntil(input({ text: ['About phone'] })),
    execution(30_000, [
      {
        id: 'scroll-until',
        type: 'scroll_until',
        params: { matcher: { textEquals: 'About phone' }, direction: 'down' },
      },
    ]),
  );
  assert.deepEqual(buildScrollUntil(input({ text: ['A'], maxScrolls: ['5'], direction: ['up'] })).actions[0]?.params, {
    matcher: { textEquals: 'A' },
    direction: 'up',
    maxScrolls: 5,
  });
  throwsCode(() => buildScrollUntil(input({})), 'EXECUTION_VALIDATION_FAILED', /needs an element selector/);
});

test('scroll-until --click builds scroll_and_click with target, never clickAfter false', () => {
  const built = buildScrollUntil(input({ text: ['About phone'], click: true }));
  assert.deepEqual(built.actions[0], {
    id: 'scroll-until',
    type: 'scroll_and_click',
    params: { target: { textEquals: 'About phone' }, direction: 'down' },
  });
});

test('scroll-and-click builds scroll_and_click with target, direction and optional max swipes', () => {
  assert.deepEqual(
    buildScrollAndClick(input({ id: ['p:id/x'], maxSwipes: ['3'], long: true })),
    execution(30_000, [
      {
        id: 'scroll-and-click',
        type: 'scroll_and_click',
        params: { target: { resourceId: 'p:id/x' }, direction: 'down', maxSwipes: 3, clickType: 'long_click' },
      },
    ]),
  );
  throwsCode(() => buildScrollAndClick(input({})), 'EXECUTION_VALIDATION_FAILED');
  throwsCode(() => buildScrollAndClick(input({ text: ['a'], maxSwipes: ['3.5'] })), 'EXECUTION_VALIDATION_FAILED');
});

test('on-screen-log set maps each flag to its camelCase field, keeps zeros and omits what was not given', () => {
  assert.deepEqual(
    buildOnScreenLogSet(input({ text: ['hello'] })),
    execution(30_000, [{ id: 'on-screen-log', type: 'set_on_screen_log', params: { text: 'hello' } }]),
  );
  const all = buildOnScreenLogSet(
    input({
      text: [' two\nlines '],
      anchor: ['left'],
      textAlign: ['right'],
      topOffsetDp: ['0'],
      edgeOffsetDp: ['0.0'],
      widthDp: ['1e2'],
      fontSizeSp: ['14'],
      textColor: ['#ff00ff00'],
      backgroundColor: ['#80000000'],
      ttlMs: ['0'],
    }),
  );
  assert.deepEqual(all.actions[0]?.params, {
    text: ' two\nlines ',
    anchor: 'left',
    textAlign: 'right',
    textColor: '#ff00ff00',
    backgroundColor: '#80000000',
    topOffsetDp: 0,
    edgeOffsetDp: 0,
    widthDp: 100,
    fontSizeSp: 14,
    ttlMs: 0,
  });
});

test('on-screen-log set rejects bad numeric tokens and repeated panel flags', () => {
  for (const bad of ['', '0x10', '1.5', 'Infinity', '12px']) {
    throwsCode(
      () => buildOnScreenLogSet(input({ text: ['t'], widthDp: [bad] })),
      'EXECUTION_VALIDATION_FAILED',
      /--width-dp/,
    );
  }
  throwsCode(() => buildOnScreenLogSet(input({ text: ['t'], anchor: ['left', 'right'] })), 'CLI_USAGE_ERROR');
  throwsCode(() => buildOnScreenLogSet(input({ text: ['a', 'b'] })), 'CLI_USAGE_ERROR');
});

test('on-screen-log clear builds clear_on_screen_log with no params', () => {
  assert.deepEqual(
    buildOnScreenLogClear(input()),
    execution(30_000, [{ id: 'on-screen-log', type: 'clear_on_screen_log' }]),
  );
});

test('action subcommands build their canonical actions from explicit flags', () => {
  assert.deepEqual(ACTION_BUILDERS['open-app'](input({ app: ['p'] })).actions[0], {
    id: 'open-app',
    type: 'open_app',
    params: { applicationId: 'p' },
  });
  assert.deepEqual(ACTION_BUILDERS['open-uri'](input({ uri: ['https://x'] })).actions[0], {
    id: 'open-uri',
    type: 'open_uri',
    params: { uri: 'https://x' },
  });
  assert.deepEqual(ACTION_BUILDERS.click(input({ selector: ['{"textEquals":"OK"}'] })).actions[0], {
    id: 'click',
    type: 'click',
    params: { matcher: { textEquals: 'OK' } },
  });
  assert.equal(ACTION_BUILDERS.read(input({ selector: ['{"role":"text"}'] })).actions[0]?.type, 'read_text');
  assert.equal(ACTION_BUILDERS.wait(input({ selector: ['{"role":"text"}'] })).actions[0]?.type, 'wait_for_node');
  assert.deepEqual(
    ACTION_BUILDERS.type(input({ selector: ['{"role":"textfield"}'], text: ['hi'], submit: true })).actions[0]?.params,
    { matcher: { role: 'textfield' }, text: 'hi', submit: true },
  );
  assert.deepEqual(ACTION_BUILDERS['press-key'](input({ key: ['back'] })).actions[0], {
    id: 'press-key',
    type: 'press_key',
    params: { key: 'back' },
  });
  throwsCode(() => ACTION_BUILDERS.click(input({})), 'EXECUTION_VALIDATION_FAILED', /--selector is required/);
  throwsCode(() => ACTION_BUILDERS.click(input({ selector: ['[]'] })), 'EXECUTION_VALIDATION_FAILED');
});
