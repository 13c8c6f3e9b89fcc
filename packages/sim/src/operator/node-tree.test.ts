// The app's view of nodes: label, effective clickability, the 26 roles and their inference
// (UiRoleInferenceAndroid.kt:13-107, UiRole.kt:12-49, AccessibilityNodeInfoExtAndroid.kt:168-192,235-375) and the
// on-screen filter (UiTreeFiltererDefault.kt:15-48) @ v0.5.2.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppDef, NodeDef } from '../ui/app-def.ts';
import { installVirtualApps } from '../ui/install-apps.ts';
import { testDevice } from '../ui/test-device.test-helper.ts';
import { matches } from './matcher.ts';
import { type AppNode, filterOnScreenOnly, findAll, mapToUiNode } from './node-tree.ts';

const ROLES_APP: AppDef = {
  package: 'com.t.roles',
  label: 'Roles',
  launchable: true,
  start: 'main',
  screens: {
    main: {
      root: {
        children: [
          {
            class: 'androidx.appcompat.widget.Toolbar',
            id: 'bar',
            children: [{ class: 'TextView', id: 'bar_title', text: 'Title' }],
          },
          { id: 'row', onClick: {}, children: [{ class: 'TextView', id: 'in_row', text: 'Network' }] },
          {
            id: 'long_row',
            onClick: {},
            children: [{ class: 'TextView', id: 'long_text', text: 'A sentence longer than twenty chars' }],
          },
          { class: 'TextView', id: 'plain', text: 'Plain' },
          { class: 'TextView', id: 'head', text: 'Section', heading: true },
          { class: 'ImageButton', id: 'img_button', desc: 'Search' },
          { class: 'ImageView', id: 'img', desc: 'Picture' },
          { class: 'ImageView', id: 'img_click', desc: 'Open', onClick: {} },
          { class: 'EditText', id: 'edit' },
          { class: 'Switch', id: 'sw', text: 'On' },
          { class: 'CheckBox', id: 'cb', text: 'Check' },
          { class: 'RadioButton', id: 'radio', text: 'Pick' },
          { class: 'com.google.android.material.chip.Chip', id: 'chip', text: 'Chip' },
          { class: 'androidx.viewpager2.widget.ViewPager2', id: 'pager', height: 100 },
          { id: 'bottom_nav', orientation: 'horizontal', children: [{ class: 'TextView', id: 'tab1', text: 'Home' }] },
          {
            class: 'androidx.recyclerview.widget.RecyclerView',
            id: 'list',
            scrollable: true,
            height: 300,
            repeat: { count: 5, template: { id: 'item_{i}', children: [{ class: 'TextView', text: 'Row {i}' }] } },
          },
          { class: 'android.view.View', id: 'blank' },
        ],
      },
    },
  },
};

function tree(): AppNode {
  const device = testDevice();
  // 90 px leaves: the whole screen fits the display.
  const compact = (n: NodeDef): NodeDef => ({
    ...n,
    ...(n.children ? { children: n.children.map(compact) } : { height: n.height ?? 90 }),
  });
  const app = { ...ROLES_APP, screens: { main: { root: compact(ROLES_APP.screens.main!.root) } } };
  const ui = installVirtualApps(device, { apps: [app] });
  ui.launch('com.t.roles');
  return mapToUiNode(ui.tree(), 1, [0]);
}

const byId = (root: AppNode, name: string) => findAll(root, (n) => n.resourceId === `com.t.roles:id/${name}`)[0]!;

test('roles by the app rules, first match wins (UiRoleInferenceAndroid.kt:13-107)', () => {
  const root = tree();
  const roles = Object.fromEntries(
    [
      'bar',
      'bar_title',
      'row',
      'in_row',
      'long_text',
      'plain',
      'head',
      'img_button',
      'img',
      'img_click',
      'edit',
      'sw',
      'cb',
      'radio',
      'chip',
      'pager',
      'tab1',
      'list',
      'item_1',
      'blank',
    ].map((n) => [n, byId(root, n).role]),
  );
  assert.deepEqual(roles, {
    bar: 'toolbar',
    bar_title: 'title', // text in a Toolbar
    row: 'container', // a LinearLayout without an orientation extra
    in_row: 'button', // a TextView in a clickable row
    long_text: 'text', // clickable with a long sentence
    plain: 'text',
    head: 'title',
    img_button: 'button', // `Button` matches first
    img: 'image',
    img_click: 'icon',
    edit: 'textfield',
    sw: 'switch',
    cb: 'checkbox',
    radio: 'button', // RadioButton is caught by `Button` before `RadioButton`
    chip: 'chip',
    pager: 'pager',
    tab1: 'tab', // the parent's resource id holds `bottom`
    list: 'list',
    item_1: 'listitem', // a RecyclerView row has CollectionItemInfo
    blank: 'unknown',
  });
});

test('label = text, else content description; clickable = itself or one of its 3 nearest ancestors (NodeExt:168-192,266-274)', () => {
  const root = tree();
  assert.equal(byId(root, 'img').label, 'Picture');
  assert.equal(byId(root, 'img').contentDescription, 'Picture');
  assert.equal(byId(root, 'plain').contentDescription, undefined);
  assert.equal(byId(root, 'in_row').isClickable, true);
  assert.equal(byId(root, 'plain').isClickable, false);
});

test('matcher: AND of fields; text tests on the label; *Contains and role ignore case; blank values allowed (NodeMatcher.kt:19-27)', () => {
  const root = tree();
  const img = byId(root, 'img');
  assert.ok(matches({ textEquals: 'Picture' }, img));
  assert.ok(matches({ textContains: 'PICT' }, img));
  assert.ok(matches({ contentDescContains: 'pict', role: 'IMAGE' }, img));
  assert.ok(!matches({ contentDescEquals: 'picture' }, img));
  assert.ok(!matches({ textEquals: 'Picture', resourceId: 'com.t.roles:id/other' }, img));
  assert.ok(matches({ textContains: '' }, byId(root, 'blank')));
  assert.ok(matches({ textEquals: '' }, byId(root, 'blank')));
  assert.ok(!matches({ contentDescContains: '' }, byId(root, 'plain')), 'no content description never matches');
});

test('the on-screen filter drops a node off the window with its whole subtree; the root stays (UiTreeFiltererDefault.kt:15-48)', () => {
  const root = tree();
  const list = byId(root, 'list');
  const frame = { left: 0, top: 0, right: 1080, bottom: list.bounds.top - 1 };
  const filtered = filterOnScreenOnly(root, frame);
  assert.equal(findAll(filtered, (n) => n.resourceId === list.resourceId).length, 0);
  assert.equal(findAll(filtered, (n) => n.label === 'Row 1').length, 0);
  // Touching the frame's edge is inside it (WindowFrame.containsAny, WindowFrame.kt:34-55).
  const touching = filterOnScreenOnly(root, { ...frame, bottom: list.bounds.top });
  assert.equal(findAll(touching, (n) => n.resourceId === list.resourceId).length, 1);
  assert.equal(filterOnScreenOnly(root, { left: 5000, top: 5000, right: 6000, bottom: 6000 }).children.length, 0);
});
