import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AppDef } from './app-def.ts';
import { installVirtualApps } from './install-apps.ts';
import { findAll } from './match.ts';
import { testDevice } from './test-device.test-helper.ts';

// One node per role, some known by class and some only by structure (a clickable layout, a row of a list).
const zoo: AppDef = {
  package: 'com.example.roles',
  label: 'Roles',
  launchable: true,
  start: 'main',
  screens: {
    main: {
      root: {
        children: [
          { class: 'androidx.appcompat.widget.Toolbar', id: 'bar', height: 140 },
          {
            orientation: 'horizontal',
            height: 120,
            children: [
              { class: 'com.google.android.material.tabs.TabLayout$TabView', id: 'tab1', text: 'One' },
              { class: 'com.google.android.material.tabs.TabLayout$TabView', id: 'tab2', text: 'Two' },
            ],
          },
          { class: 'ImageView', id: 'logo', desc: 'Logo' },
          { class: 'TextView', id: 'label', text: 'Plain label' },
          { class: 'EditText', id: 'field', text: '' },
          { class: 'androidx.appcompat.widget.SearchView', id: 'search' },
          { class: 'Switch', id: 'wifi', text: 'Wi-Fi', checkable: true },
          { class: 'CheckBox', id: 'agree', text: 'Agree', checkable: true },
          { class: 'Button', id: 'ok', text: 'OK', clickable: true },
          { class: 'LinearLayout', id: 'card', clickable: true, children: [{ class: 'TextView', text: 'Card' }] },
          {
            class: 'androidx.recyclerview.widget.RecyclerView',
            id: 'list',
            scrollable: true,
            height: 600,
            children: [
              { class: 'LinearLayout', id: 'row1', clickable: true, children: [{ class: 'TextView', text: 'Row 1' }] },
              { class: 'LinearLayout', id: 'row2', clickable: true, children: [{ class: 'TextView', text: 'Row 2' }] },
            ],
          },
        ],
      },
    },
  },
};

test('every role of SPEC 2.3 is inferred, from the widget class or from structure', () => {
  const ui = installVirtualApps(testDevice(), { apps: [zoo] });
  ui.launch('com.example.roles');
  const ids = (role: string) =>
    findAll(ui.tree(), { role }).map((node) => node.resourceId.replace('com.example.roles:id/', ''));
  assert.deepEqual(ids('toolbar'), ['bar']);
  assert.deepEqual(ids('tab'), ['tab1', 'tab2']);
  assert.deepEqual(ids('image'), ['logo']);
  assert.ok(ids('text').includes('label'));
  assert.deepEqual(ids('textfield'), ['field', 'search']);
  assert.deepEqual(ids('switch'), ['wifi']);
  assert.deepEqual(ids('checkbox'), ['agree']);
  assert.deepEqual(ids('button'), ['ok', 'card']);
  assert.deepEqual(ids('listitem'), ['row1', 'row2']);
});
