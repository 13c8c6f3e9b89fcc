// doctor readiness checks (SPEC 4.5 steps 6–10, 4.6) through real adb against simulated operators.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { check, checkIds, doctor, FULL_BASIC_RUN, labEnv } from './doctor-helpers.ts';
import { withDevice } from './lab-device.ts';
import { runCli, runCliJson } from './run-cli.ts';

const UP_TO_PRESENCE = FULL_BASIC_RUN.slice(0, FULL_BASIC_RUN.indexOf('readiness.apk.presence') + 1);
const UP_TO_VERSION = FULL_BASIC_RUN.slice(0, FULL_BASIC_RUN.indexOf('readiness.version.compatibility') + 1);

describe('doctor readiness', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('a ready device passes every check and nextActions point to the docs and a first snapshot', async () => {
    await withDevice(lab, {}, async (sim) => {
      const run = await runCliJson(['doctor', '--json'], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.deepEqual(
        run.json.checks.map((c: { id: string }) => c.id),
        FULL_BASIC_RUN,
      );
      assert.ok(run.json.checks.every((c: { status: string }) => c.status === 'pass'));
      assert.equal(run.json.ok, true);
      assert.equal(run.json.deviceId, sim.serial);
      assert.equal(run.json.operatorPackage, 'com.svc.operator');
      // No link to a documentation site that does not exist.
      assert.deepEqual(run.json.nextActions, [`Try: svc snapshot --device ${sim.serial}`]);
      const capability = run.json.checks.find((c: { id: string }) => c.id === 'device.capability');
      assert.deepEqual(capability.evidence, { sdk: '35', wmSize: '1080x2400', wmDensity: '420' });
      const handshake = run.json.checks.find((c: { id: string }) => c.id === 'readiness.handshake');
      // doctor_ping's data is the two settings the app reads (UiActionEngine.kt:744-758 @ v0.5.2), no service state.
      assert.equal(handshake.summary, 'the operator answered (its accessibility service is running)');
      assert.equal(handshake.evidence.developer_options_enabled, 'true');
      assert.equal(handshake.evidence.usb_debugging_enabled, 'true');
      assert.equal(handshake.evidence.accessibility_service, undefined);
      assert.equal(handshake.evidence.waitMs, 7000);
    });
  });

  test('no operator installed: the adb driver is ready (critical checks pass) and its limitations are listed', async () => {
    await withDevice(lab, { operator: false }, async () => {
      const report = await doctor(lab);
      assert.deepEqual(checkIds(report), [
        ...UP_TO_PRESENCE,
        'readiness.settings.dev_options',
        'readiness.settings.usb_debugging',
        'readiness.driver.adb',
        'readiness.adb.unicode_keyboard',
      ]);
      assert.equal(report.criticalOk, true, JSON.stringify(report.checks.filter((c) => c.status === 'fail')));
      // Without the operator, the keyboard that types any text is advised (not installed on this device).
      const keyboard = check(report, 'readiness.adb.unicode_keyboard');
      assert.deepEqual([keyboard.status, keyboard.code], ['warn', 'UNICODE_KEYBOARD_MISSING']);
      assert.match(keyboard.detail ?? '', /svc keyboard install/);
      const presence = check(report, 'readiness.apk.presence');
      assert.deepEqual([presence.status, presence.code], ['warn', 'OPERATOR_NOT_INSTALLED']);
      assert.match(presence.summary, /svc drives .* with the adb driver/);
      // It names an operator APK there is to get (the published one's version), not svc's own version number.
      assert.doesNotMatch(JSON.stringify(presence), /operator app 0\.1\.0/);
      const adb = check(report, 'readiness.driver.adb');
      assert.equal(adb.status, 'pass');
      assert.match(adb.summary, /the adb driver is ready/);
      assert.ok((adb.evidence?.nodes as number) > 0);
      assert.ok(((adb.evidence?.limitations ?? []) as string[]).some((l) => l.includes('TEXT_NOT_TYPABLE')));
      assert.ok(
        report.nextActions?.some((a) => a.startsWith('svc operator setup --apk')),
        'the fuller option',
      );
      // The pretty report says which driver and what it cannot do; the exit code is 0.
      const pretty = await runCli(['doctor', '--output', 'pretty'], { env: lab.env });
      assert.equal(pretty.code, 0, pretty.stdout);
      assert.match(
        pretty.stdout,
        /Driver: adb, nothing installed on the device\. Limitations without the operator app:/,
      );
      assert.match(pretty.stdout, /- no on-screen log panel/);
      assert.match(pretty.stdout, /Summary: OK/);
      // Asking for the operator driver makes the missing app a critical failure again.
      const strict = await doctor(lab, {}, { SVC_DRIVER: 'operator' });
      assert.deepEqual(checkIds(strict), UP_TO_PRESENCE);
      assert.deepEqual([check(strict, 'readiness.apk.presence').status, strict.criticalOk], ['fail', false]);
    });
  });

  test('a stock phone whose screen cannot be dumped fails readiness.driver.adb with the dump failure named', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      sim.faults.set('dump_already_registered');
      const report = await doctor(lab);
      const adb = check(report, 'readiness.driver.adb');
      assert.deepEqual([adb.status, adb.code, report.criticalOk], ['fail', 'ADB_DRIVER_UNAVAILABLE', false]);
      assert.equal(adb.evidence?.dumpError, 'UI_AUTOMATION_IN_USE');
      assert.match(adb.detail ?? '', /another UiAutomation client/);
    });
  });

  test("the adb driver's screen read waits for an execution in flight instead of failing on its dumps", async () => {
    // With a phone's timing (a dump takes 1.2 s) an execution polling for a missing node dumps back to back; a
    // second UiAutomation client at the same moment is refused with "already registered" (AOSP UiAutomation).
    await withDevice(lab, { operator: false, timing: 'phone' }, async (sim) => {
      const env = { ...lab.env, ANDROID_SERIAL: sim.serial };
      const execution = {
        commandId: 'busy-wait',
        taskId: 'busy-wait',
        source: 'test',
        expectedFormat: 'android-ui-automator',
        timeoutMs: 10000,
        actions: [
          {
            id: 'w',
            type: 'wait_for_node',
            params: { matcher: { textEquals: 'Nowhere' }, timeoutMs: 5000, retry: { maxAttempts: 1 } },
          },
        ],
      };
      const busy = runCliJson(['exec', JSON.stringify(execution), '--no-daemon'], { env });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const report = await doctor(lab, { deviceId: sim.serial });
      const adb = check(report, 'readiness.driver.adb');
      assert.equal(adb.status, 'pass', JSON.stringify(adb));
      const busyRun = await busy;
      assert.equal(busyRun.json.succeeded, false, `the wait ran to its end, undisturbed: ${busyRun.stdout}`);
    });
  });

  test('only the other variant installed fails presence with OPERATOR_VARIANT_MISMATCH naming it', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator.dev' } }, async (sim) => {
      const report = await doctor(lab);
      const presence = check(report, 'readiness.apk.presence');
      assert.equal(presence.status, 'fail');
      assert.equal(presence.code, 'OPERATOR_VARIANT_MISMATCH');
      assert.deepEqual(presence.evidence?.installedVariants, ['com.svc.operator.dev']);
      assert.ok(
        report.nextActions?.includes(`svc doctor --device ${sim.serial} --operator-package com.svc.operator.dev`),
      );
      // Following that advice passes: the package flag drives presence, version and handshake.
      const dev = await doctor(lab, { operatorPackage: 'com.svc.operator.dev' });
      assert.equal(dev.criticalOk, true, JSON.stringify(dev.checks.filter((c) => c.status !== 'pass')));
      assert.equal(dev.operatorPackage, 'com.svc.operator.dev');
      assert.deepEqual(checkIds(dev), FULL_BASIC_RUN);
      // The same through the CLI with the other flag spellings (--device-id, --receiver-package).
      const cli = await runCliJson(
        ['doctor', '--device-id', sim.serial, '--receiver-package', 'com.svc.operator.dev', '--json'],
        { env: lab.env },
      );
      assert.equal(cli.code, 0, cli.stdout);
      assert.deepEqual([cli.json.deviceId, cli.json.operatorPackage], [sim.serial, 'com.svc.operator.dev']);
    });
  });

  test('SVC_OPERATOR_PACKAGE selects the package when no flag is given', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator.dev' } }, async () => {
      const report = await doctor(lab, {}, { SVC_OPERATOR_PACKAGE: 'com.svc.operator.dev' });
      assert.equal(report.operatorPackage, 'com.svc.operator.dev');
      assert.equal(report.criticalOk, true);
    });
  });

  const versionCases = [
    { name: 'a different major.minor', versionName: '0.2.0', code: 'VERSION_INCOMPATIBLE' },
    { name: 'an empty (unreadable) version', versionName: '', code: 'APK_VERSION_UNREADABLE' },
    { name: 'a non-semantic version', versionName: 'banana', code: 'APK_VERSION_INVALID' },
  ];
  for (const c of versionCases) {
    test(`an operator with ${c.name} fails version compatibility with ${c.code} and skips the handshake`, async () => {
      await withDevice(lab, { operator: { versionName: c.versionName, versionCode: 7 } }, async () => {
        const report = await doctor(lab);
        assert.deepEqual(checkIds(report), UP_TO_VERSION);
        const compat = check(report, 'readiness.version.compatibility');
        assert.equal(compat.status, 'fail');
        assert.equal(compat.code, c.code);
        assert.equal(compat.evidence?.cliVersion, '0.1.0');
        assert.equal(compat.evidence?.apkVersionCode, 7);
        assert.equal(compat.evidence?.operatorPackage, 'com.svc.operator');
        assert.equal(compat.evidence?.apkVersion, c.versionName === '' ? null : c.versionName);
      });
    });
  }

  test('a -dev suffix on the operator version is ignored by the compatibility rule', async () => {
    await withDevice(lab, { operator: { versionName: '0.1.7-dev' } }, async () => {
      const report = await doctor(lab);
      assert.equal(check(report, 'readiness.version.compatibility').status, 'pass');
      assert.equal(report.criticalOk, true);
    });
  });

  test('developer options and USB debugging off are advisory warnings; --fix turns them on', async () => {
    await withDevice(lab, {}, async (sim) => {
      await lab.adb('-s', sim.serial, 'shell', 'settings put global development_settings_enabled 0');
      await lab.adb('-s', sim.serial, 'shell', 'settings put global adb_enabled 0');
      const report = await doctor(lab);
      assert.equal(report.criticalOk, true, 'settings checks never change criticalOk');
      assert.deepEqual(checkIds(report), FULL_BASIC_RUN, 'warnings never halt');
      const dev = check(report, 'readiness.settings.dev_options');
      const usb = check(report, 'readiness.settings.usb_debugging');
      assert.deepEqual([dev.status, dev.code], ['warn', 'DEVICE_DEV_OPTIONS_DISABLED']);
      assert.deepEqual([usb.status, usb.code], ['warn', 'DEVICE_USB_DEBUGGING_DISABLED']);
      assert.equal(check(report, 'readiness.handshake').evidence?.developer_options_enabled, 'false');
      const shellSteps = [dev, usb].flatMap((c) => c.fix?.steps.filter((s) => s.kind === 'shell') ?? []);
      for (const step of shellSteps) assert.ok(report.nextActions?.includes(step.value), step.value);
      assert.ok(report.nextActions?.includes('On device, open About phone and follow the listed steps.'));
      assert.ok(report.nextActions?.includes('On device, open Developer options and follow the listed steps.'));

      const fixed = await doctor(lab, { fix: true });
      assert.deepEqual(
        fixed.fixesRun?.map((r) => [r.checkId, r.ok]),
        [
          ['readiness.settings.dev_options', true],
          ['readiness.settings.usb_debugging', true],
        ],
      );
      assert.ok(!fixed.nextActions?.some((a) => a.startsWith('adb ')), 'run shell steps are not listed again');
      const setting = await lab.adb('-s', sim.serial, 'shell', 'settings get global development_settings_enabled');
      assert.equal(setting.stdout.trim(), '1');
      const rerun = await doctor(lab);
      assert.ok(
        rerun.checks.every((c) => c.status === 'pass'),
        JSON.stringify(rerun.checks),
      );
    });
  });

  test('accessibility off fails the handshake with DEVICE_ACCESSIBILITY_NOT_RUNNING; --fix grants it and the rerun passes', async () => {
    await withDevice(lab, { operator: { accessibility: false } }, async (sim) => {
      const run = await runCliJson(['doctor', '--json'], { env: labEnv(lab) });
      assert.equal(run.code, 1);
      const handshake = run.json.checks.at(-1);
      assert.equal(handshake.id, 'readiness.handshake');
      assert.equal(handshake.code, 'DEVICE_ACCESSIBILITY_NOT_RUNNING');
      assert.equal(handshake.deviceGuidance.screen, 'Accessibility Settings');
      const grant = `svc grant-device-permissions --device ${sim.serial} --operator-package com.svc.operator`;
      assert.deepEqual(run.json.nextActions, [
        grant,
        'On device, open Accessibility Settings and follow the listed steps.',
      ]);

      const fixing = await runCliJson(['doctor', '--json', '--fix'], { env: labEnv(lab) });
      assert.equal(fixing.code, 1, 'the report describes the state before the fix');
      assert.deepEqual(fixing.json.fixesRun, [{ checkId: 'readiness.handshake', value: grant, ok: true, exitCode: 0 }]);
      assert.deepEqual(fixing.json.nextActions, [
        'On device, open Accessibility Settings and follow the listed steps.',
      ]);
      const enabled = await lab.adb('-s', sim.serial, 'shell', 'settings get secure enabled_accessibility_services');
      assert.ok(
        enabled.stdout
          .trim()
          .split(':')
          .includes('com.svc.operator/svc.operator.accessibilityservice.OperatorAccessibilityService'),
      );

      const rerun = await runCliJson(['doctor', '--json'], { env: labEnv(lab) });
      assert.equal(rerun.code, 0, rerun.stdout);
      assert.equal(rerun.json.checks.at(-1).status, 'pass');
    });
  });

  test('an operator that never answers fails the handshake with RESULT_ENVELOPE_TIMEOUT after the 7000 ms wait', async () => {
    await withDevice(lab, {}, async (sim) => {
      sim.faults.set('drop_next_envelope');
      const report = await doctor(lab);
      const handshake = check(report, 'readiness.handshake');
      assert.equal(handshake.status, 'fail');
      assert.equal(handshake.code, 'RESULT_ENVELOPE_TIMEOUT');
      assert.equal(handshake.evidence?.waitMs, 7000);
      assert.equal(handshake.deviceGuidance?.screen, 'Accessibility Settings');
      const actions = report.nextActions ?? [];
      assert.ok(actions.some((a) => a.startsWith('svc grant-device-permissions')));
      assert.ok(actions.some((a) => a.includes('--timeout 5000 --verbose')));
      assert.equal(actions.at(-1), 'On device, open Accessibility Settings and follow the listed steps.');
    });
  });
});
