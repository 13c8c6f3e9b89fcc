import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeAvd, systemImageFromSysdir } from './avd-config.ts';

const SUPPORTED_CONFIG = [
  'PlayStore.enabled=true',
  'abi.type=arm64-v8a',
  'hw.device.name=pixel_7',
  'image.sysdir.1=system-images/android-35/google_apis_playstore/arm64-v8a/',
  'target=android-35',
].join('\n');

const TOP_INI = 'avd.ini.encoding=UTF-8\npath=/x/svc-pixel.avd\ntarget=android-35\n';

describe('describeAvd', () => {
  it('reports an API 35 Play Store arm64 pixel_7 AVD as supported with no reasons', () => {
    const avd = describeAvd('svc-pixel', { topIni: TOP_INI, configIni: SUPPORTED_CONFIG });
    assert.deepEqual(avd, {
      name: 'svc-pixel',
      exists: true,
      running: false,
      supported: true,
      apiLevel: 35,
      abi: 'arm64-v8a',
      playStore: true,
      deviceProfile: 'pixel_7',
      systemImage: 'system-images;android-35;google_apis_playstore;arm64-v8a',
      unsupportedReasons: [],
    });
  });

  it('lists one reason per failing rule in the documented order', () => {
    const config = [
      'PlayStore.enabled=false',
      'abi.type=x86_64',
      'hw.device.name=pixel_5',
      'image.sysdir.1=system-images/android-33/google_apis/x86_64/',
    ].join('\n');
    const avd = describeAvd('old', { topIni: TOP_INI, configIni: config });
    assert.equal(avd.supported, false);
    assert.equal(avd.apiLevel, 33);
    assert.deepEqual(avd.unsupportedReasons, [
      'API_LEVEL_MISMATCH',
      'ABI_MISMATCH',
      'DEVICE_PROFILE_MISMATCH',
      'PLAY_STORE_DISABLED',
      'SYSTEM_IMAGE_MISMATCH',
    ]);
  });

  it('flags only the image when a non-store image is paired with PlayStore.enabled', () => {
    const config = SUPPORTED_CONFIG.replace('google_apis_playstore', 'google_apis');
    assert.deepEqual(describeAvd('x', { topIni: TOP_INI, configIni: config }).unsupportedReasons, [
      'SYSTEM_IMAGE_MISMATCH',
    ]);
  });

  it('says CONFIG_UNREADABLE with a reason when config.ini is missing, never crashing', () => {
    const avd = describeAvd('half', { topIni: TOP_INI, configIni: undefined });
    assert.equal(avd.exists, true);
    assert.equal(avd.supported, false);
    assert.deepEqual(avd.unsupportedReasons, ['CONFIG_UNREADABLE']);
    assert.match(avd.configProblem ?? '', /missing or unreadable/);
  });

  it('says CONFIG_UNREADABLE naming the malformed lines of a garbled config.ini', () => {
    const avd = describeAvd('bad', { topIni: TOP_INI, configIni: `${SUPPORTED_CONFIG}\n\u0000garbage line\n=x` });
    assert.ok(avd.unsupportedReasons.includes('CONFIG_UNREADABLE'));
    assert.match(avd.configProblem ?? '', /malformed lines: 6, 7/);
  });

  it('says CONFIG_UNREADABLE when <name>.ini is missing, since the emulator cannot find the AVD without it', () => {
    const avd = describeAvd('orphan', { topIni: undefined, configIni: SUPPORTED_CONFIG });
    assert.equal(avd.exists, true);
    assert.deepEqual(avd.unsupportedReasons, ['CONFIG_UNREADABLE']);
    assert.match(avd.configProblem ?? '', /orphan\.ini is missing/);
  });

  it('names where config.ini was looked for, and counts a bare AVD folder as an existing (broken) AVD', () => {
    const avd = describeAvd('bare', {
      topIni: undefined,
      configIni: undefined,
      configPath: '/avd/bare.avd/config.ini',
      folderExists: true,
    });
    assert.equal(avd.exists, true);
    assert.equal(avd.supported, false);
    assert.match(avd.configProblem ?? '', /\(\/avd\/bare\.avd\/config\.ini\)/);
  });

  it('reports a name with no files as not existing and not supported', () => {
    const avd = describeAvd('ghost', { topIni: undefined, configIni: undefined });
    assert.equal(avd.exists, false);
    assert.equal(avd.supported, false);
  });
});

describe('systemImageFromSysdir', () => {
  it('turns a sysdir path (either slash, trailing or not) into the sdkmanager id', () => {
    assert.equal(
      systemImageFromSysdir('system-images\\android-35\\google_apis_playstore\\arm64-v8a'),
      'system-images;android-35;google_apis_playstore;arm64-v8a',
    );
    assert.equal(systemImageFromSysdir(undefined), '');
  });
});
