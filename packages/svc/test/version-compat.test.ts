// `svc version` and `svc version --check-compat` (SPEC 4.4, part 9) through real adb against simulated operators.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { withDevice } from './lab-device.ts';
import { runCli, runCliJson } from './run-cli.ts';

const CLI_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe('version', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('`svc version` prints { version } as JSON by default, and the bare version with --output pretty', async () => {
    const json = await runCliJson(['version'], { env: lab.env });
    assert.equal(json.code, 0);
    assert.deepEqual(json.json, { version: CLI_VERSION });
    const text = await runCli(['version', '--output', 'pretty'], { env: lab.env });
    assert.equal(text.stdout, `${CLI_VERSION}\n`);
  });

  test('--check-compat reports both versions, versionCode, package and a compatible verdict', async () => {
    const sim = await lab.addDevice({
      operator: { versionName: `${CLI_VERSION.split('.').slice(0, 2).join('.')}.9-dev`, versionCode: 12 },
    });
    try {
      const run = await runCliJson(['version', '--check-compat'], { env: lab.env });
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.json.ok, true);
      assert.equal(run.json.cliVersion, CLI_VERSION);
      assert.equal(run.json.deviceId, sim.serial);
      assert.equal(run.json.operatorPackage, 'com.svc.operator');
      assert.match(run.json.operatorVersion, /\.9-dev$/);
      assert.equal(run.json.operatorVersionCode, 12);
      assert.equal(run.json.verdict, 'compatible');
      assert.equal(run.json.cliMajorMinor, run.json.operatorMajorMinor);
      assert.equal(run.json.remediation, undefined);
    } finally {
      await lab.removeDevice(sim);
    }
  });

  test('a different major.minor is incompatible: VERSION_INCOMPATIBLE with remediation and exit 1', async () => {
    await withDevice(lab, { operator: { versionName: '9.9.0', versionCode: 99 } }, async (sim) => {
      const run = await runCliJson(['version', '--check-compat', '--device', sim.serial], { env: lab.env });
      assert.equal(run.code, 1);
      assert.equal(run.json.verdict, 'incompatible');
      assert.equal(run.json.code, 'VERSION_INCOMPATIBLE');
      assert.equal(run.json.operatorMajorMinor, '9.9');
      assert.match(run.json.remediation, /svc operator setup --apk/);
      const pretty = await runCli(['version', '--check-compat', '--output', 'pretty'], { env: lab.env });
      assert.match(pretty.stdout, /^Operator version: {3}9\.9\.0 \(versionCode 99\)$/m);
      assert.match(
        pretty.stdout,
        /^Verdict: {12}incompatible \(CLI \d+\.\d+, operator 9\.9; major\.minor must match\)$/m,
      );
      assert.match(pretty.stdout, /^Remediation: {8}/m);
    });
  });

  test('unreadable and invalid operator versions give an unknown verdict with their codes', async () => {
    await withDevice(lab, { operator: { versionName: 'nightly' } }, async () => {
      const invalid = await runCliJson(['version', '--check-compat'], { env: lab.env });
      assert.equal(invalid.code, 1);
      assert.deepEqual([invalid.json.verdict, invalid.json.code], ['unknown', 'APK_VERSION_INVALID']);
    });
    await withDevice(lab, { operator: { versionName: '' } }, async () => {
      const unreadable = await runCliJson(['version', '--check-compat'], { env: lab.env });
      assert.deepEqual([unreadable.json.verdict, unreadable.json.code], ['unknown', 'APK_VERSION_UNREADABLE']);
      assert.equal(unreadable.json.operatorVersion, null);
    });
  });

  test('the operator package flag is honored, and a missing package is OPERATOR_NOT_INSTALLED', async () => {
    await withDevice(lab, { operator: { package: 'com.svc.operator.dev', versionName: CLI_VERSION } }, async () => {
      const dev = await runCliJson(['version', '--check-compat', '--operator-package', 'com.svc.operator.dev'], {
        env: lab.env,
      });
      assert.equal(dev.code, 0, dev.stdout);
      assert.equal(dev.json.operatorPackage, 'com.svc.operator.dev');
      const release = await runCliJson(['version', '--check-compat'], { env: lab.env });
      assert.equal(release.code, 1);
      assert.equal(release.json.code, 'OPERATOR_NOT_INSTALLED');
      assert.equal(release.json.operatorPackage, 'com.svc.operator');
    });
  });

  test('with no device, --check-compat fails with the device error of SPEC 3.3', async () => {
    const run = await runCliJson(['version', '--check-compat'], { env: lab.env });
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'NO_DEVICES');
  });
});
