import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildApk } from '../../device/apk.ts';
import type { InstalledPackage } from '../../device/types.ts';
import { testShell } from '../shell.test-helper.ts';

const APK = '/data/local/tmp/app.apk';

describe('pm and cmd package', () => {
  it('lists packages, third-party only with -3, filtered by a substring', async () => {
    const { run } = testShell();
    const all = await run('pm list packages');
    assert.match(all.stdout, /^package:android\n/m);
    assert.match(all.stdout, /^package:com\.android\.settings$/m);
    assert.equal((await run('pm list packages -3')).stdout, '');
    assert.equal((await run('pm list packages chrome')).stdout, 'package:com.android.chrome\n');
  });

  it('push-installs a manifest APK from a device file and reports it everywhere', async () => {
    const { device, run } = testShell();
    const seen: InstalledPackage[] = [];
    device.onPackageInstalled((pkg) => seen.push(pkg));
    device.files.set(APK, {
      data: buildApk({ package: 'com.example.app', versionName: '2.3.4', versionCode: 234, launcherActivity: '.Main' }),
      mode: 0o644,
      mtimeSec: 0,
    });
    const result = await run(`pm install -r ${APK}`);
    assert.deepEqual([result.code, result.stdout], [0, 'Success\n']);
    assert.equal(seen[0]?.name, 'com.example.app');
    assert.equal((await run('pm list packages -3')).stdout, 'package:com.example.app\n');
    assert.match(
      (await run('pm path com.example.app')).stdout,
      /^package:\/data\/app\/~~.+==\/com\.example\.app-.+==\/base\.apk\n$/,
    );
    const dump = await run('dumpsys package com.example.app');
    assert.match(dump.stdout, /\n {4}versionCode=234 minSdk=24 targetSdk=35\n/);
    assert.match(dump.stdout, /\n {4}versionName=2\.3\.4\n/);
    assert.equal(device.packages.get('com.example.app')?.launcherActivity, 'com.example.app/.Main');
  });

  it('stream-installs exactly -S bytes of stdin', async () => {
    const { run } = testShell();
    const apk = buildApk({ package: 'com.example.big', versionName: '1.0', versionCode: 1 }, 200_000);
    const withTrailing = new Uint8Array(apk.length + 10);
    withTrailing.set(apk);
    const result = await run(`cmd package install -S ${apk.length}`, { stdin: withTrailing });
    assert.deepEqual([result.code, result.stdout], [0, 'Success\n']);
    assert.equal((await run('cmd package list packages -3')).stdout, 'package:com.example.big\n');
  });

  it('fails a manifest that asks to fail, and a file that is not an APK', async () => {
    const { device, run } = testShell();
    device.files.set(APK, {
      data: buildApk({
        package: 'com.x.y',
        versionName: '1',
        versionCode: 1,
        fail: 'INSTALL_FAILED_INSUFFICIENT_STORAGE',
      }),
      mode: 0o644,
      mtimeSec: 0,
    });
    assert.deepEqual(Object.values(await run(`pm install ${APK}`)).slice(0, 2), [
      1,
      'Failure [INSTALL_FAILED_INSUFFICIENT_STORAGE]\n',
    ]);
    device.files.set(APK, { data: new TextEncoder().encode('PK\x03\x04 not a manifest'), mode: 0o644, mtimeSec: 0 });
    const notApk = await run(`pm install ${APK}`);
    assert.equal(notApk.code, 1);
    assert.match(notApk.stdout, /^Failure \[INSTALL_PARSE_FAILED_NOT_APK: /);
    assert.equal((await run('pm list packages com.x.y')).stdout, '');
  });

  it('refuses a downgrade unless -d, and an update signed differently', async () => {
    const { device, run } = testShell();
    const put = (versionCode: number, signature?: string) =>
      device.files.set(APK, {
        data: buildApk({
          package: 'com.x.y',
          versionName: String(versionCode),
          versionCode,
          ...(signature ? { signature } : {}),
        }),
        mode: 0o644,
        mtimeSec: 0,
      });
    put(5);
    assert.equal((await run(`pm install ${APK}`)).code, 0);
    put(4);
    assert.equal(
      (await run(`pm install ${APK}`)).stdout,
      'Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code 4 is older than current 5]\n',
    );
    assert.equal((await run(`pm install -d ${APK}`)).stdout, 'Success\n');
    put(6, 'someone-else');
    assert.match((await run(`pm install ${APK}`)).stdout, /^Failure \[INSTALL_FAILED_UPDATE_INCOMPATIBLE: /);
  });

  it('uninstalls a user app, and refuses unknown and system packages', async () => {
    const { device, run } = testShell();
    device.files.set(APK, {
      data: buildApk({ package: 'com.x.y', versionName: '1', versionCode: 1 }),
      mode: 0o644,
      mtimeSec: 0,
    });
    await run(`pm install ${APK}`);
    assert.equal((await run('pm uninstall com.x.y')).stdout, 'Success\n');
    assert.equal(device.packages.has('com.x.y'), false);
    const again = await run('pm uninstall com.x.y');
    assert.deepEqual([again.code, again.stdout], [1, 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n']);
    assert.equal((await run('pm uninstall com.android.settings')).code, 1);
  });

  it('grants runtime permissions and rejects unknown packages', async () => {
    const { device, run } = testShell();
    assert.equal((await run('pm grant com.android.chrome android.permission.POST_NOTIFICATIONS')).code, 0);
    assert.deepEqual(device.packages.get('com.android.chrome')?.grantedPermissions, [
      'android.permission.POST_NOTIFICATIONS',
    ]);
    const unknown = await run('pm grant com.nope android.permission.CAMERA');
    assert.equal(unknown.code, 255);
    assert.match(unknown.stderr, /java\.lang\.IllegalArgumentException: Unknown package: com\.nope\n/);
  });

  it('prints nothing and fails for the path of a missing package', async () => {
    const { run } = testShell();
    assert.deepEqual(Object.values(await run('pm path com.nope')).slice(0, 2), [1, '']);
  });

  it('answers dumpsys package for a missing package as Android does', async () => {
    const { run } = testShell();
    assert.equal((await run('dumpsys package com.nope')).stdout, 'Unable to find package: com.nope\n');
  });
});
