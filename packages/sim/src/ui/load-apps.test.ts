import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findFirst } from './find.test-helper.ts';
import { installVirtualApps } from './install-apps.ts';
import { loadAppsFrom, parseAppDef } from './load-apps.ts';
import { testDevice } from './test-device.test-helper.ts';

test('the built-in apps load: launcher targets, Settings, browser, thermostat, login', () => {
  const device = testDevice();
  installVirtualApps(device);
  for (const pkg of [
    'com.android.settings',
    'com.svc.browser',
    'com.svc.thermostat',
    'com.svc.login',
    'com.android.launcher3',
  ]) {
    assert.ok(device.packages.has(pkg), pkg);
  }
  assert.equal(device.packages.get('com.android.settings')?.thirdParty, false);
});

test('a user folder adds apps (listed as third-party) and can replace a built-in one', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'svc-apps-'));
  try {
    const mine = {
      package: 'com.svc.thermostat',
      label: 'My Thermo',
      launchable: true,
      start: 'a',
      screens: { a: { root: { class: 'TextView', text: 'mine' } } },
    };
    await writeFile(join(dir, 'thermo.json'), JSON.stringify(mine));
    const device = testDevice();
    const ui = installVirtualApps(device, { appsDir: dir });
    ui.launch('com.svc.thermostat');
    assert.ok(findFirst(ui.tree(), { textEquals: 'mine' }));
    assert.equal(device.packages.get('com.svc.thermostat')?.thirdParty, true);
    assert.equal(loadAppsFrom(dir).length, 1);
  } finally {
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  }
});

test('a broken definition is refused with the file and the reason', () => {
  assert.throws(() => parseAppDef({ package: 'x', start: 'a', screens: {} }, 'bad.json'), /bad.json: "package"/);
  assert.throws(() => parseAppDef({ package: 'a.b', start: 'z', screens: { a: { root: {} } } }, 'b.json'), /"start"/);
  assert.throws(() => parseAppDef({ package: 'a.b', start: 'a', screens: { a: {} } }, 'c.json'), /needs a "root"/);
});
