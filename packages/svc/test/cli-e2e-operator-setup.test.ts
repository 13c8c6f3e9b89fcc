// `svc operator setup|install --apk` through real adb (`adb install -r`) and simulated devices: package
// auto-detection, the SPEC 4.4 grants, verification, and OPERATOR_INSTALL_FAILED / OPERATOR_GRANT_FAILED /
// OPERATOR_VERIFY_FAILED. A simulator "APK" is a file whose first line is a JSON manifest (packages/sim/README.md).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

const ACCESSIBILITY = 'svc.operator.accessibilityservice.OperatorAccessibilityService';

describe('operator setup', () => {
  let lab: Lab;
  let apkCount = 0;
  const apk = async (manifest: Record<string, unknown>) => {
    const file = join(lab.home, `operator-${++apkCount}.apk`);
    const head = { svcSimApk: 1, versionName: '0.1.0', versionCode: 1, launcherActivity: '.MainActivity', ...manifest };
    await writeFile(file, `${JSON.stringify(head)}\nfiller bytes`);
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
        verified: true,
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
      const file = await apk({ package: 'com.svc.operator', fail: 'INSTALL_FAILED_INSUFFICIENT_STORAGE' });
      const run = await runCliJson(['operator', 'install', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'OPERATOR_INSTALL_FAILED');
      assert.match(run.json.details.output, /INSTALL_FAILED_INSUFFICIENT_STORAGE/);
    });
  });

  test('a permission the package manager refuses is OPERATOR_GRANT_FAILED naming the step', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator.dev', permissions: [] });
      const run = await runCliJson(['operator', 'setup', '--apk', file, '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, 'OPERATOR_GRANT_FAILED');
      assert.equal(run.json.details.step, 'post_notifications');
    });
  });

  test('with both variants installed the package must be named; --operator-package then sets up that one', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator' } }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator.dev' });
      const ambiguous = await runCliJson(['operator', 'setup', '--apk', file, '--device', sim.serial], {
        env: lab.env,
      });
      assert.equal(ambiguous.code, 1);
      assert.equal(ambiguous.json.code, 'OPERATOR_VERIFY_FAILED');
      assert.deepEqual(ambiguous.json.details.installed, ['com.svc.operator', 'com.svc.operator.dev']);
      const named = await runCliJson(
        ['operator', 'setup', '--apk', file, '--receiver-package', 'com.svc.operator.dev', '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(named.code, 0, named.stdout);
      assert.equal(named.json.operatorPackage, 'com.svc.operator.dev');
    });
  });

  test('a package named explicitly that the APK did not install fails at its first package grant', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const file = await apk({ package: 'com.svc.operator' });
      const run = await runCliJson(
        ['operator', 'setup', '--apk', file, '--operator-package', 'com.svc.operator.dev', '--device', sim.serial],
        { env: lab.env },
      );
      assert.equal(run.code, 1);
      assert.equal(run.json.code, 'OPERATOR_GRANT_FAILED', run.stdout);
      assert.equal(run.json.details.step, 'post_notifications');
      assert.match(run.json.details.output, /Unknown package: com\.svc\.operator\.dev/);
    });
  });
});
