// close_app of the operator app itself (issue 35, 3f). On Android a force-stop takes the package's accessibility
// services off the enabled list (AOSP frameworks/base/services/accessibility/java/com/android/server/accessibility/
// AccessibilityManagerService.java, ManagerPackageMonitor.onHandleForceStop → onPackagesForceStoppedLocked; its test
// AccessibilityManagerServiceTest.testPackagesForceStopped_disablesRelevantService), and the published operator
// answers a broadcast without its service with SERVICE_UNAVAILABLE (OperatorCommandReceiver.kt:46-64 @ v0.5.2). The
// simulator models the force-stop (packages/sim/src/shell/commands/am.ts); svc refuses to close the operator that
// runs the execution, before anything reaches the device.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { stopDaemonsOf } from './daemon-helpers.ts';
import { runCliJson } from './run-cli.ts';

const CLAWPERATOR = 'com.clawperator.operator';

describe('close_app of the operator app itself (published operator, real adb)', () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
    serial = lab.devices[0]?.serial as string;
  });
  after(async () => {
    if (lab) await stopDaemonsOf(lab.home);
    await lab?.close();
  });
  const svc = (...args: string[]) => runCliJson([...args, '--device', serial], { env: lab.env });
  const enabledServices = async () =>
    (await lab.adb('-s', serial, 'shell', 'settings get secure enabled_accessibility_services')).stdout.trim();

  test('the simulated phone takes a force-stopped app off the enabled accessibility services, as Android does', async () => {
    assert.match(await enabledServices(), new RegExp(`${CLAWPERATOR}/`));
    await lab.adb('-s', serial, 'shell', `am force-stop ${CLAWPERATOR}`);
    assert.doesNotMatch(await enabledServices(), new RegExp(`${CLAWPERATOR}/`));
    // Then the operator cannot answer: its receiver reports the service unavailable.
    const run = await svc('snapshot', '--driver', 'operator', '--operator-package', CLAWPERATOR);
    assert.equal(run.json.failedCode ?? run.json.code, 'DEVICE_ACCESSIBILITY_NOT_RUNNING', run.stdout);
    const granted = await svc('grant-device-permissions', '--operator-package', CLAWPERATOR);
    assert.equal(granted.code, 0, granted.stdout);
    assert.match(await enabledServices(), new RegExp(`${CLAWPERATOR}/`));
  });

  test('svc refuses close_app of the operator that runs the execution, with the path and a hint, and sends nothing', async () => {
    const sim = lab.devices[0];
    assert.ok(sim);
    const before = sim.device.commandLog.length;
    const execution = {
      commandId: `close-self-${Date.now()}`,
      taskId: 'close-self',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 10000,
      actions: [
        { id: 'home', type: 'press_key', params: { key: 'home' } },
        { id: 'stop', type: 'close_app', params: { applicationId: CLAWPERATOR } },
      ],
    };
    for (const daemon of [['--no-daemon'], []]) {
      const run = await svc('exec', JSON.stringify(execution), ...daemon);
      assert.equal(run.code, 1, run.stdout);
      assert.equal(run.json.code, 'EXECUTION_VALIDATION_FAILED', run.stdout);
      assert.equal(run.json.details.path, 'actions[1].params.applicationId');
      assert.match(run.json.hint, /--driver adb/);
      const flat = await svc('close', CLAWPERATOR, ...daemon);
      assert.equal(flat.json.code, 'EXECUTION_VALIDATION_FAILED', flat.stdout);
    }
    const sent = sim.device.commandLog.slice(before);
    assert.ok(!sent.some((c) => c.includes('force-stop') || c.startsWith('am broadcast')), sent.join('\n'));
    assert.match(await enabledServices(), new RegExp(`${CLAWPERATOR}/`));
    // Another app still closes.
    const other = await svc('close', 'com.android.settings');
    assert.equal(other.code, 0, other.stdout);
    assert.equal(other.json.driver, 'operator');
  });
});
