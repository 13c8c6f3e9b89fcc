// doctor --full (SPEC 4.5 steps 2, 5, 11): Java, the operator project's Gradle tasks (SVC_OPERATOR_PROJECT),
// operator launch and the Settings smoke run, through real adb and real child processes.
import assert from 'node:assert/strict';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { check, checkIds, doctor } from './doctor-helpers.ts';
import { withDevice } from './lab-device.ts';

async function script(path: string, body: string): Promise<void> {
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
}

describe('doctor --full', () => {
  let lab: Lab;
  let dir: string;
  let goodProject: string;
  let brokenProject: string;
  before(async () => {
    lab = await createLab();
    dir = await mkdtemp(join(tmpdir(), 'svc-doctor-full-'));
    goodProject = join(dir, 'good');
    brokenProject = join(dir, 'broken');
    await mkdir(goodProject);
    await mkdir(brokenProject);
    // A stand-in Gradle wrapper: records what it was asked to run and for which device.
    await script(join(goodProject, 'gradlew'), 'echo "$* serial=$ANDROID_SERIAL" >> "$(dirname "$0")/calls.log"');
    await script(join(brokenProject, 'gradlew'), 'echo "FAILURE: Build failed with an exception." >&2\nexit 1');
    await mkdir(join(dir, 'java11'));
    await script(join(dir, 'java11', 'java'), 'echo \'openjdk version "11.0.22" 2024-01-16\' >&2');
  });
  after(async () => {
    await lab?.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  test('without an operator project the build checks are skipped with a reason, and the smoke run passes', async () => {
    await withDevice(lab, {}, async () => {
      const report = await doctor(lab, { full: true });
      assert.deepEqual(checkIds(report), [
        'host.node.version',
        'host.adb.presence',
        'host.adb.server',
        'host.java.version',
        'build.android.assemble',
        'device.discovery',
        'build.android.install',
        'build.android.launch',
        'device.capability',
        'readiness.apk.presence',
        'readiness.version.compatibility',
        'readiness.settings.dev_options',
        'readiness.settings.usb_debugging',
        'readiness.handshake',
        'readiness.smoke',
      ]);
      for (const id of ['build.android.assemble', 'build.android.install']) {
        const skipped = check(report, id);
        assert.equal(skipped.status, 'warn');
        assert.equal(skipped.code, 'OPERATOR_PROJECT_NOT_CONFIGURED');
        assert.match(skipped.summary, /^skipped: no operator app project is configured/);
      }
      assert.equal(check(report, 'host.java.version').status, 'pass', 'this machine has Java 17');
      const launch = check(report, 'build.android.launch');
      assert.equal(launch.status, 'pass');
      assert.equal(launch.evidence?.component, 'com.svc.operator/svc.activity.MainActivity');
      const smoke = check(report, 'readiness.smoke');
      assert.equal(smoke.status, 'pass');
      assert.deepEqual([smoke.evidence?.openApp, smoke.evidence?.snapshot], ['success', 'success']);
      assert.equal(report.criticalOk, true);
      assert.ok(!report.nextActions?.some((a) => a.startsWith('Docs:')), 'not every check passed');
      assert.ok(report.nextActions?.includes('export SVC_OPERATOR_PROJECT=<path to the operator app checkout>'));
    });
  });

  test('with an operator project, assembleDebug and installDebug run through its gradlew for the resolved device', async () => {
    await withDevice(lab, {}, async (sim) => {
      const report = await doctor(lab, { full: true }, { SVC_OPERATOR_PROJECT: goodProject });
      assert.equal(check(report, 'build.android.assemble').status, 'pass');
      assert.equal(check(report, 'build.android.install').status, 'pass');
      assert.ok(
        report.checks.every((c) => c.status === 'pass'),
        JSON.stringify(report.checks),
      );
      const calls = (await readFile(join(goodProject, 'calls.log'), 'utf8')).trim().split('\n');
      assert.deepEqual(calls, [
        `-p ${goodProject} assembleDebug serial=`,
        `-p ${goodProject} installDebug serial=${sim.serial}`,
      ]);
      assert.equal(report.nextActions?.[0], `Try: svc snapshot --device ${sim.serial}`);
    });
  });

  test('a failing assembleDebug fails with ANDROID_BUILD_FAILED and halts before device discovery', async () => {
    const report = await doctor(lab, { full: true }, { SVC_OPERATOR_PROJECT: brokenProject });
    assert.equal(checkIds(report).at(-1), 'build.android.assemble');
    const build = check(report, 'build.android.assemble');
    assert.equal(build.code, 'ANDROID_BUILD_FAILED');
    assert.match(build.detail ?? '', /Build failed with an exception/);
    assert.ok(report.nextActions?.includes(`cd ${brokenProject} && ./gradlew assembleDebug`));
  });

  test('a project folder without gradlew fails the build check instead of pretending', async () => {
    const report = await doctor(lab, { full: true }, { SVC_OPERATOR_PROJECT: join(dir, 'java11') });
    const build = check(report, 'build.android.assemble');
    assert.equal(build.status, 'fail');
    assert.equal(build.code, 'ANDROID_BUILD_FAILED');
    assert.match(build.summary, /has no executable gradlew/);
  });

  test('no Java fails host.java.version with HOST_DEPENDENCY_MISSING; Java 11 fails it without a code', async () => {
    const missing = await doctor(lab, { full: true }, { JAVA_HOME: join(dir, 'nowhere') });
    assert.equal(checkIds(missing).at(-1), 'host.java.version');
    assert.equal(check(missing, 'host.java.version').code, 'HOST_DEPENDENCY_MISSING');
    const old = await doctor(lab, { full: true }, { PATH: `${join(dir, 'java11')}:${process.env.PATH}` });
    const java = check(old, 'host.java.version');
    assert.equal(java.status, 'fail');
    assert.equal(java.code, undefined);
    assert.equal(java.evidence?.javaMajor, 11);
    assert.equal(old.criticalOk, false);
  });

  test("the launch check starts the published operator's own launcher activity", async () => {
    // clawperator/clawperator apps/android/app/src/main/AndroidManifest.xml:29-39 @ v0.5.2: the MAIN/LAUNCHER
    // activity is clawperator.activity.MainActivity.
    await withDevice(lab, { operator: { variant: 'clawperator' } }, async () => {
      const report = await doctor(lab, { full: true });
      const launch = check(report, 'build.android.launch');
      assert.equal(launch.status, 'pass', JSON.stringify(launch));
      assert.equal(launch.evidence?.component, 'com.clawperator.operator/clawperator.activity.MainActivity');
      assert.equal(check(report, 'readiness.smoke').status, 'pass');
    });
  });

  test('an operator that is not installed fails build.android.launch with ANDROID_APP_LAUNCH_FAILED', async () => {
    await withDevice(lab, { operator: false }, async () => {
      const report = await doctor(lab, { full: true });
      assert.equal(checkIds(report).at(-1), 'build.android.launch');
      assert.equal(check(report, 'build.android.launch').code, 'ANDROID_APP_LAUNCH_FAILED');
    });
  });

  test('a UI snapshot that cannot be extracted fails the smoke run with SMOKE_OPEN_SETTINGS_FAILED', async () => {
    await withDevice(lab, {}, async (sim) => {
      // The operator drops a hierarchy frame, so the host cannot rebuild the snapshot of the smoke run.
      sim.faults.set('drop_hierarchy_frame');
      const report = await doctor(lab, { full: true });
      const smoke = check(report, 'readiness.smoke');
      assert.equal(smoke.status, 'fail');
      assert.equal(smoke.code, 'SMOKE_OPEN_SETTINGS_FAILED');
      assert.equal(smoke.evidence?.openApp, 'success');
      assert.equal(smoke.evidence?.snapshot, 'SNAPSHOT_EXTRACTION_FAILED');
      assert.equal(check(report, 'readiness.handshake').status, 'pass');
      assert.equal(report.criticalOk, false);
    });
  });

  test('smoke and launch run only with --full', async () => {
    await withDevice(lab, {}, async () => {
      const report = await doctor(lab);
      for (const id of ['host.java.version', 'build.android.assemble', 'build.android.launch', 'readiness.smoke']) {
        assert.ok(!checkIds(report).includes(id), id);
      }
    });
  });
});
