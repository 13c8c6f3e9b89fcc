import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PNG } from 'pngjs';
import { findAll, findFirst } from './find.test-helper.ts';
import { installVirtualApps } from './install-apps.ts';
import { testDevice } from './test-device.test-helper.ts';
import { centerOf, walk } from './ui-node.ts';

function setup() {
  const device = testDevice();
  const ui = installVirtualApps(device);
  return { device, ui };
}

test('the launcher shows one icon per launchable app and opens the app on tap', () => {
  const { ui } = setup();
  assert.equal(ui.foregroundPackage(), 'com.android.launcher3');
  const icon = findFirst(ui.tree(), { textEquals: 'Settings' });
  assert.ok(icon);
  const { x, y } = centerOf(icon.bounds);
  ui.tap(x, y);
  assert.equal(ui.foregroundPackage(), 'com.android.settings');
});

test('the settings list holds 40+ entries of which only the visible rows are in the tree, and it really scrolls', () => {
  const { ui } = setup();
  ui.launch('com.android.settings');
  const list = findFirst(ui.tree(), { resourceId: 'com.android.settings:id/recycler_view' })!;
  const rows = list.children.length;
  assert.ok(rows > 5 && rows < 40, `visible rows: ${rows}`);
  assert.equal(findFirst(ui.tree(), { textEquals: 'Developer options' }), undefined);
  for (let i = 0; i < 10; i++) ui.swipe(540, 1800, 540, 600, 300);
  assert.ok(findFirst(ui.tree(), { textEquals: 'Developer options' }));
  assert.equal(findFirst(ui.tree(), { textEquals: 'Network & internet' }), undefined);
});

test('a 200-row list is virtualized: rows appear by number as it scrolls to the end', () => {
  const { ui } = setup();
  ui.launch('com.android.settings');
  ui.click(findFirst(ui.tree(), { textEquals: 'Apps' })!);
  assert.ok(findFirst(ui.tree(), { textEquals: 'App 1' }));
  assert.equal(findFirst(ui.tree(), { textEquals: 'App 200' }), undefined);
  const list = findFirst(ui.tree(), { resourceId: 'com.android.settings:id/apps_list' })!;
  ui.scrollBy(list, 1_000_000);
  assert.ok(findFirst(ui.tree(), { textEquals: 'App 200' }));
  assert.equal(findFirst(ui.tree(), { textEquals: 'App 1' }), undefined);
});

test('the apps build their nodes with the widget classes a phone reports', () => {
  const { ui } = setup();
  ui.launch('com.svc.login');
  const tree = ui.tree();
  assert.equal(findAll(tree, { cls: 'EditText' }).length, 2);
  const classOf = (resourceId: string) => findFirst(ui.tree(), { resourceId })?.cls;
  assert.equal(classOf('com.svc.login:id/login'), 'android.widget.Button');
  assert.equal(classOf('com.svc.login:id/remember'), 'android.widget.CheckBox');
  assert.equal(classOf('com.svc.login:id/heading'), 'android.widget.TextView');
});

test('matcher fields combine with AND', () => {
  const { ui } = setup();
  ui.launch('com.svc.login');
  assert.ok(findFirst(ui.tree(), { resourceId: 'com.svc.login:id/login', textEquals: 'Log in' }));
  assert.equal(findFirst(ui.tree(), { resourceId: 'com.svc.login:id/login', textEquals: 'Sign in' }), undefined);
});

test('typed text fills the focused field, a password shows as dots, and submit moves on', () => {
  const { ui } = setup();
  ui.launch('com.svc.login');
  ui.click(findFirst(ui.tree(), { resourceId: 'com.svc.login:id/username' })!);
  ui.inputText('ada');
  ui.click(findFirst(ui.tree(), { resourceId: 'com.svc.login:id/password' })!);
  ui.inputText('s3cret');
  const password = findFirst(ui.tree(), { resourceId: 'com.svc.login:id/password' })!;
  assert.equal(password.text, '••••••');
  assert.equal(password.password, true);
  ui.keyevent('KEYCODE_ENTER');
  assert.equal(findFirst(ui.tree(), { resourceId: 'com.svc.login:id/welcome' })!.text, 'Welcome, ada');
});

test('a switch toggles on click and the dump shows it', () => {
  const { ui } = setup();
  ui.launch('com.android.settings');
  ui.click(findFirst(ui.tree(), { textEquals: 'Network & internet' })!);
  const sw = findFirst(ui.tree(), { cls: 'Switch' })!;
  assert.equal(sw.checked, true);
  ui.click(sw);
  assert.equal(findFirst(ui.tree(), { cls: 'Switch' })!.checked, false);
  assert.match(ui.dumpXml(), /resource-id="com.android.settings:id\/switch_widget"[^>]*checked="false"/);
});

test('URIs go to the handler of their scheme, to a chooser when several handle it, nowhere when none', () => {
  const device = testDevice();
  const second = {
    package: 'org.other.browser',
    label: 'Other',
    uriSchemes: ['https'],
    start: 'p',
    screens: { p: { root: {} } },
  };
  const ui = installVirtualApps(device, { apps: [second] });
  assert.deepEqual(ui.openUri('nope://x'), { handled: false, handlers: [] });
  assert.deepEqual(ui.openUri('http://example.com'), { handled: true, handlers: ['com.svc.browser'] });
  assert.equal(findFirst(ui.tree(), { resourceId: 'com.svc.browser:id/url_bar' })!.text, 'http://example.com');
  const chooser = ui.openUri('https://example.com');
  assert.equal(chooser.handlers.length, 2);
  assert.equal(ui.foregroundPackage(), 'android');
  ui.click(findFirst(ui.tree(), { textEquals: 'Other' })!);
  assert.equal(ui.foregroundPackage(), 'org.other.browser');
  assert.equal(device.packages.get('org.other.browser')?.thirdParty, true);
});

test('the dump follows the protocol format and the screenshot is a PNG of the screen size', () => {
  const { ui } = setup();
  ui.launch('com.svc.thermostat');
  const xml = ui.dumpXml();
  const lines = xml.split('\n');
  assert.equal(lines[0], "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>");
  assert.equal(lines[1], '<hierarchy rotation="0">');
  assert.match(
    lines[2]!,
    /^ {2}<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.svc.thermostat" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="\[0,0\]\[1080,2400\]">$/,
  );
  assert.equal(lines.at(-1), '</hierarchy>');
  assert.ok(xml.includes('text="21.5°C"'));
  const png = PNG.sync.read(Buffer.from(ui.screencapPng()));
  assert.equal(png.width, 1080);
  assert.equal(png.height, 2400);
  const nodes = [...walk(ui.tree())].length;
  assert.equal(lines.filter((l) => l.includes('<node ')).length, nodes);
});

test('back pops screens, then leaves the app; home shows the launcher', () => {
  const { ui } = setup();
  ui.launch('com.android.settings');
  ui.click(findFirst(ui.tree(), { textEquals: 'Display' })!);
  assert.equal(ui.screenName(), 'display');
  ui.keyevent('KEYCODE_BACK');
  assert.equal(ui.screenName(), 'main');
  ui.keyevent('KEYCODE_BACK');
  assert.equal(ui.foregroundPackage(), 'com.android.launcher3');
  ui.launch('com.svc.login');
  ui.keyevent('KEYCODE_HOME');
  assert.equal(ui.foregroundPackage(), 'com.android.launcher3');
});
