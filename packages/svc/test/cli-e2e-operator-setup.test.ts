// `svc operator setup|install --apk` through real adb (`adb install -r`) and simulated devices: package
// auto-detection, the SPEC 4.4 grants, verification, and OPERATOR_INSTALL_FAILED / OPERATOR_GRANT_FAILED /
// OPERATOR_VERIFY_FAILED. The APKs are real ones (a zip with a binary AndroidManifest.xml, buildRealApk), read by svc
// before it installs them; issue 36: an APK of another app (Appium Settings) was installed and reported verified.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildRealApk, createLab, type Lab, type RealApkManifest, signApkV2 } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

const ACCESSIBILITY = 'svc.operator.accessibilityservice.OperatorAccessibilityService';

describe('operator setup', () => {
  let lab: Lab;
  let apkCount = 0;
  const apk = async (manifest: Partial<RealApkManifest> & { package: string }) => {
    const file = join(lab.home, `operator-${++apkCount}.apk`);
    await writeFile(
      file,
      buildRealApk({
        versionName: '0.1.0',
        versionCode: 1,
        launcherActivity: '.MainActivity',
        permissions: ['android.permission.POST_NOTIFICATIONS'],
        ...manifest,
      }),
    );
    return file;
  };
  const secure = async (serial: string, key: string) =>
    (await lab.adb('-s', serial, 'shell', `settings get secure ${key}`)).stdout.trim();

  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('installs, detects the one variant, grants accessibility and notifications, and verifies', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      await lab.adb('-s', sim.serial, 'shell', 'settings put secure enabled_accessibility_services com.other/.Reader');
      const file = await apk({ package: 'com.svc.operator' });
      const run = await runCliJson(['operator', 'setup', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(run.json, {
        ok: true,
        deviceId: sim.serial,
        operatorPackage: 'com.svc.operator',
        installed: true,
        granted: ['accessibility_enabled', 'accessibility', 'post_notifications', 'notification_listener'],
        verified: { package: 'com.svc.operator', version: '0.1.0', versionCode: 1 },
      });
      const listed = await runCliJson(['packages', 'list', '--third-party', '--device', sim.serial], { env: lab.env });
      assert.ok(listed.json.packages.includes('com.svc.operator'));
      // The other service stays enabled: the operator is appended, not written over it.
      const services = (await secure(sim.serial, 'enabled_accessibility_services')).split(':');
      assert.equal(services[0], 'com.other/.Reader');
      assert.ok(services.includes(`com.svc.operator/${ACCESSIBILITY}`), services.join(':'));
      assert.equal(await secure(sim.serial, 'accessibility_enabled'), '1');
    });
  });

  test("the device's daemon chooses its driver again after the setup: adb before, the operator once its service is on", async () => {
    await withDevice(lab, { operator: { accessibility: false } }, async (sim) => {
      const svc = (...args: string[]) => runCliJson([...args, '--device', sim.serial], { env: lab.env });
      try {
        const before = await svc('sleep', '10');
        assert.deepEqual([before.code, before.json.driver], [0, 'adb'], 'an operator that cannot act is not chosen');
        assert.equal((await svc('grant-device-permissions')).code, 0);
        const after = await svc('sleep', '10');
        assert.deepEqual([after.code, after.json.driver], [0, 'operator'], after.stdout);
      } finally {
        await svc('daemon', 'stop');
      }
    });
  });

  test('operator install is an alias; a failing install is OPERATOR_INSTALL_FAILED', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      // The package manager refuses an APK that needs a newer Android than the device's (API 35 here).
      const file = await apk({ package: 'com.svc.operator', minSdk: 99 });
      const run = await runCliJson(['operator', 'install', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'OPERATOR_INSTALL_FAILED');
      assert.match(run.json.details.output, /INSTALL_FAILED_OLDER_SDK/);
    });
  });

  test('a permission the package manager refuses is OPERATOR_GRANT_FAILED naming the step', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator.dev', permissions: ['android.permission.INTERNET'] });
      const run = await runCliJson(['operator', 'setup', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, 'OPERATOR_GRANT_FAILED');
      assert.equal(run.json.details.step, 'post_notifications');
    });
  });

  test('with both variants installed, the APK says which one it sets up', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator' } }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator.dev' });
      const run = await runCliJson(['operator', 'setup', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.operatorPackage, 'com.svc.operator.dev');
      const named = await runCliJson(
        ['operator', 'setup', '--apk', file, '--receiver-package', 'com.svc.operator.dev', '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(named.code, 0, named.stdout);
      assert.equal(named.json.operatorPackage, 'com.svc.operator.dev');
    });
  });

  const installedApps = async (serial: string) =>
    (await lab.adb('-s', serial, 'shell', 'pm list packages -3')).stdout.split('\n').map((l) => l.trim());

  test('an APK of another package than the one named is refused before anything is installed', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator' });
      const run = await runCliJson(
        ['operator', 'setup', '--apk', file, '--operator-package', 'com.svc.operator.dev', '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'OPERATOR_APK_MISMATCH', run.stdout);
      assert.deepEqual([run.json.details.field, run.json.details.actual], ['package', 'com.svc.operator']);
      assert.ok(!(await installedApps(sim.serial)).includes('package:com.svc.operator'));
    });
  });

  test('Appium Settings given as the operator is refused, as itself or as the package named, and never enabled', async () => {
    // The real APK of another app (npm io.appium.settings), the one the attack installed as "verified".
    const appium = join(
      createRequire(import.meta.url).resolve('io.appium.settings/package.json'),
      '..',
      'apks',
      'settings_apk-debug.apk',
    );
    await withDevice(lab, { operator: false }, async (sim) => {
      const plain = await runCliJson(['operator', 'setup', '--apk', appium, '--device', sim.serial], { env: lab.env });
      assert.equal(plain.code, 1);
      assert.equal(plain.json.code, 'OPERATOR_APK_MISMATCH', plain.stdout);
      assert.equal(plain.json.details.actual, 'io.appium.settings');
      const named = await runCliJson(
        ['operator', 'setup', '--apk', appium, '--operator-package', 'io.appium.settings', '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(named.code, 1);
      assert.equal(named.json.code, 'OPERATOR_APK_MISMATCH', named.stdout);
      assert.equal(named.json.details.field, 'version');
      assert.ok(!(await installedApps(sim.serial)).includes('package:io.appium.settings'));
      assert.doesNotMatch(await secure(sim.serial, 'enabled_accessibility_services'), /appium/);
    });
  });

  test('a published operator outside 0.5.0–0.5.3 is refused; inside it, --sha256 (digest or .sha256 file) is checked and reported', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const pkg = 'com.clawperator.operator';
      const old = await apk({ package: pkg, versionName: '0.4.9', versionCode: 409 });
      const refused = await runCliJson(['operator', 'setup', '--apk', old, '--device', sim.serial], { env: lab.env });
      assert.equal(refused.json.code, 'OPERATOR_APK_MISMATCH', refused.stdout);
      assert.deepEqual([refused.json.details.field, refused.json.details.supportedRange], ['version', '0.5.0–0.5.3']);

      const good = await apk({ package: pkg, versionName: '0.5.2', versionCode: 502 });
      const wrong = await runCliJson(
        ['operator', 'setup', '--apk', good, '--sha256', 'ab'.repeat(32), '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(wrong.json.code, 'OPERATOR_APK_MISMATCH', wrong.stdout);
      assert.equal(wrong.json.details.field, 'sha256');
      assert.ok(!(await installedApps(sim.serial)).includes(`package:${pkg}`));

      // The published .sha256 file holds the digest alone.
      const digest = createHash('sha256')
        .update(await readFile(good))
        .digest('hex');
      await writeFile(`${good}.sha256`, `${digest}\n`);
      const run = await runCliJson(
        ['operator', 'setup', '--apk', good, '--sha256', `${good}.sha256`, '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(run.json.verified, { package: pkg, version: '0.5.2', versionCode: 502, sha256: digest });
      const unchecked = await runCliJson(['operator', 'setup', '--apk', good, '--device', sim.serial], {
        env: lab.env,
      });
      assert.equal(unchecked.code, 0, unchecked.stdout);
      assert.equal(unchecked.json.verified.sha256, undefined, 'no digest given, none reported as checked');
    });
  });

  test('--cert-sha256 installs only an APK whose verified signature is by that certificate', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const key = join(lab.home, 'signer.pem');
      const cert = join(lab.home, 'signer.der');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          key,
          '-outform',
          'DER',
          '-out',
          cert,
          '-days',
          '2',
          '-subj',
          '/CN=operator release',
        ],
        { stdio: 'ignore' },
      );
      const fingerprint = execFileSync('openssl', [
        'x509',
        '-inform',
        'DER',
        '-in',
        cert,
        '-noout',
        '-fingerprint',
        '-sha256',
      ])
        .toString()
        .split('=')[1]
        ?.trim() as string;
      const pkg = 'com.clawperator.operator';
      const unsigned = await apk({ package: pkg, versionName: '0.5.2', versionCode: 502 });
      const signed = join(lab.home, 'signed-operator.apk');
      await writeFile(signed, signApkV2(await readFile(unsigned), await readFile(key, 'utf8'), await readFile(cert)));
      const setup = (file: string, certificate: string) =>
        runCliJson(['operator', 'setup', '--apk', file, '--cert-sha256', certificate, '--device', sim.serial], {
          env: lab.env,
        });
      const notSigned = await setup(unsigned, fingerprint);
      assert.equal(notSigned.json.code, 'OPERATOR_APK_MISMATCH', notSigned.stdout);
      assert.equal(notSigned.json.details.field, 'certificate');
      const other = await setup(signed, 'ab'.repeat(32));
      assert.equal(other.json.code, 'OPERATOR_APK_MISMATCH', other.stdout);
      assert.ok(!(await installedApps(sim.serial)).includes(`package:${pkg}`));
      // The fingerprint as openssl prints it (colons, upper case).
      const run = await setup(signed, fingerprint);
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.verified.certificateSha256, fingerprint.replaceAll(':', '').toLowerCase());
      assert.equal(run.json.verified.sha256, undefined);
    });
  });

  test('a file that is no APK is OPERATOR_APK_INVALID before any device work', async () => {
    const file = join(lab.home, 'not-an.apk');
    await writeFile(file, '{"svcSimApk":1,"package":"com.svc.operator","versionCode":1}\n');
    const run = await runCliJson(['operator', 'setup', '--apk', file, '--device', 'no-such-device'], { env: lab.env });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'OPERATOR_APK_INVALID', run.stdout);
  });
});
