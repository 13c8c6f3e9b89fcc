// svc doctor and `svc version --check-compat` with the published Clawperator operator (the simulator runs its code:
// `svc-sim start --operator clawperator`), through real adb: the doctor finds it with no package named, knows the
// supported range 0.5.0–0.5.3 (docs/published-operator.md 1.3), and outside it, or with no operator at all, says
// where the APK comes from and how to check it (the versioned addresses of clawperator/clawperator
// apps/node/src/domain/version/compatibility.ts:120-128 @ v0.5.2). Nothing is downloaded.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { check, checkIds, doctor, FULL_BASIC_RUN } from './doctor-helpers.ts';
import { withDevice } from './lab-device.ts';
import { runCliJson } from './run-cli.ts';

const CLAWPERATOR = 'com.clawperator.operator';
const APK = 'https://downloads.clawperator.com/operator/v0.5.2/operator-v0.5.2.apk';
const SHA = `${APK}.sha256`;
const CHECK = `test "$(sha256sum operator-v0.5.2.apk | cut -d' ' -f1)" = "$(cut -d' ' -f1 operator-v0.5.2.apk.sha256)"`;

const stepsOf = (c: { fix?: { steps: { value: string }[] } }) => (c.fix?.steps ?? []).map((s) => s.value);

describe('doctor with the published operator', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab();
  });
  after(async () => {
    await lab?.close();
  });

  test('Clawperator 0.5.2 installed, no package named: every check passes, version in the supported range', async () => {
    await withDevice(lab, { operator: { variant: 'clawperator' } }, async () => {
      const report = await doctor(lab);
      assert.equal(report.criticalOk, true, JSON.stringify(report.checks.filter((c) => c.status !== 'pass')));
      assert.deepEqual(checkIds(report), FULL_BASIC_RUN);
      assert.equal(report.operatorPackage, CLAWPERATOR);
      const compat = check(report, 'readiness.version.compatibility');
      assert.equal(compat.status, 'pass');
      assert.equal(compat.summary, `operator 0.5.2 is in the versions svc supports for ${CLAWPERATOR} (0.5.0–0.5.3)`);
      assert.equal(compat.evidence?.supportedRange, '0.5.0–0.5.3');
      assert.equal(compat.evidence?.apkVersionCode, 502900);
      const cli = await runCliJson(['version', '--check-compat', '--operator-package', CLAWPERATOR], { env: lab.env });
      assert.equal(cli.code, 0, cli.stdout);
      assert.equal(cli.json.verdict, 'compatible');
      assert.equal(cli.json.supportedRange, '0.5.0–0.5.3');
    });
  });

  for (const versionName of ['0.5.0', '0.5.3-d']) {
    test(`Clawperator ${versionName} is inside the range (the debug suffix does not count)`, async () => {
      await withDevice(lab, { operator: { variant: 'clawperator', versionName } }, async () => {
        const compat = check(await doctor(lab), 'readiness.version.compatibility');
        assert.equal(compat.status, 'pass', compat.summary);
      });
    });
  }

  for (const versionName of ['0.4.0', '0.6.1']) {
    test(`Clawperator ${versionName} fails the version check and says which APK to get and how to check it`, async () => {
      await withDevice(lab, { operator: { variant: 'clawperator', versionName } }, async (sim) => {
        const report = await doctor(lab);
        const compat = check(report, 'readiness.version.compatibility');
        assert.equal(compat.status, 'fail');
        assert.equal(compat.code, 'VERSION_INCOMPATIBLE');
        assert.equal(
          compat.summary,
          `operator ${versionName} is outside the versions svc supports for ${CLAWPERATOR} (0.5.0–0.5.3)`,
        );
        assert.ok(compat.detail?.includes(APK) && compat.detail.includes(SHA), compat.detail);
        const steps = stepsOf(compat);
        assert.ok(
          steps.some((s) => s.includes(APK) && s.includes(SHA)),
          steps.join('\n'),
        );
        assert.ok(
          steps.some((s) => s.includes(CHECK)),
          steps.join('\n'),
        );
        assert.ok(
          steps.includes(
            `svc operator setup --apk operator-v0.5.2.apk --sha256 operator-v0.5.2.apk.sha256 --device ${sim.serial} --operator-package ${CLAWPERATOR}`,
          ),
          steps.join('\n'),
        );
        const cli = await runCliJson(['version', '--check-compat', '--operator-package', CLAWPERATOR], {
          env: lab.env,
        });
        assert.equal(cli.code, 1, cli.stdout);
        assert.equal(cli.json.verdict, 'incompatible');
        assert.match(cli.json.remediation, /outside the versions svc supports \(0\.5\.0–0\.5\.3\)/);
        assert.ok(cli.json.remediation.includes(APK), cli.json.remediation);
      });
    });
  }

  test('no operator at all: the presence warning names the published APK, its SHA-256 and the setup command', async () => {
    await withDevice(lab, { operator: false }, async (sim) => {
      const presence = check(await doctor(lab), 'readiness.apk.presence');
      assert.equal(presence.status, 'warn');
      const steps = stepsOf(presence);
      assert.match(steps[0] ?? '', /com\.svc\.operator \(svc's own operator\) is not published/);
      assert.ok(
        steps.some((s) => s.includes(APK) && s.includes(SHA)),
        steps.join('\n'),
      );
      assert.ok(
        steps.some((s) => s.includes(CHECK)),
        steps.join('\n'),
      );
      assert.ok(
        steps.includes(
          `svc operator setup --apk operator-v0.5.2.apk --sha256 operator-v0.5.2.apk.sha256 --device ${sim.serial} --operator-package ${CLAWPERATOR}`,
        ),
      );
    });
  });
});
