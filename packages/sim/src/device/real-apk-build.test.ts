// A real APK built for tests reads back, through the same manifest reader the package manager uses, as what it says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readRealApk } from './real-apk.ts';
import { buildRealApk } from './real-apk-build.ts';

describe('buildRealApk', () => {
  it('writes a zip whose binary manifest reads back with its package, versions, sdk, permissions and launcher', async () => {
    const bytes = buildRealApk({
      package: 'com.clawperator.operator',
      versionName: '0.5.2',
      versionCode: 502,
      minSdk: 21,
      permissions: ['android.permission.POST_NOTIFICATIONS'],
      launcherActivity: 'clawperator.activity.MainActivity',
    });
    const manifest = await readRealApk(bytes);
    assert.ok(manifest);
    assert.equal(manifest.package, 'com.clawperator.operator');
    assert.equal(manifest.versionName, '0.5.2');
    assert.equal(manifest.versionCode, 502);
    assert.equal(manifest.minSdk, 21);
    assert.deepEqual(manifest.permissions, ['android.permission.POST_NOTIFICATIONS']);
    assert.equal(manifest.launcherActivity, 'com.clawperator.operator/clawperator.activity.MainActivity');
  });
});
