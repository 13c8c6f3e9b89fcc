// svc drives the published operator app (Clawperator 0.5.x, as the simulator runs its code: `svc-sim start
// --operator clawperator`) through real adb: found by `auto` and `svc devices` with no package named, executions
// read off its real log lines, its fatal failures with the steps that ran, and what it has no action for refused
// before anything is sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';

const CLAWPERATOR = 'com.clawperator.operator';

describe('the published operator (Clawperator) on a simulated phone', () => {
  let lab: Lab;
  let serial: string;
  before(async () => {
    lab = await createLab({ devices: [{ operator: { variant: 'clawperator' } }] });
    serial = lab.devices[0]?.serial as string;
  });
  after(async () => {
    await runCliJson(['daemon', 'stop', '--all'], { env: lab.env });
    await lab?.close();
  });
  const svc = (...args: string[]) => runCliJson([...args, '--device', serial], { env: lab.env });

  test('svc devices shows the operator driver and which operator, with no package named', async () => {
    const run = await runCliJson(['devices'], { env: lab.env });
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.json[0].driver, 'operator');
    assert.equal(run.json[0].operatorPackage, CLAWPERATOR);
  });

  test('the README tour runs on it: open, wait, read, click, back, scroll-until --click, snapshot', async () => {
    for (const args of [
      ['open', 'com.android.settings'],
      ['wait', '--text', 'Settings', '--timeout', '5000'],
      ['read', '--id', 'com.android.settings:id/title'],
      ['click', '--text', 'Network & internet'],
      ['back'],
      ['scroll-until', '--text', 'About phone', '--click'],
      ['back'],
      ['snapshot'],
    ]) {
      const run = await svc(...args);
      assert.equal(run.code, 0, `${args.join(' ')}: ${run.stdout}`);
      assert.equal(run.json.driver, 'operator');
    }
    const snap = await svc('snapshot');
    // The hierarchy is the app's debug entry, read off the device log and put into its step.
    assert.match(snap.json.envelope.stepResults[0].data.text, /^<\?xml version='1\.0'[\s\S]*<\/hierarchy>$/);
  });

  test('a failure the app treats as fatal ends the execution: nothing after it runs, the steps before it are kept', async () => {
    // UiActionEngine.kt:95-105 + TaskScopeDefault.kt:131-170 @ v0.5.2: open_app of a package with no launcher entry
    // throws after its AppLaunch retries, which ends the execution (TaskRunnerDefault.kt:31-37).
    const execution = {
      commandId: `fatal-${Date.now()}`,
      taskId: 'fatal',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [
        { id: 'nap', type: 'sleep', params: { durationMs: 10 } },
        { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: { maxAttempts: 1 } } },
        { id: 'tap', type: 'click', params: { matcher: { textEquals: 'Dark theme' } } },
      ],
    };
    const commandsBefore = lab.devices[0]?.device.commandLog.length ?? 0;
    const run = await svc('exec', JSON.stringify(execution));
    assert.equal(run.code, 1);
    const { envelope } = run.json;
    assert.equal(envelope.status, 'failed');
    assert.equal(envelope.errorCode, 'ACTION_FAILED');
    assert.equal(envelope.error, 'Task execution failed: No app found with applicationId=com.nope.app');
    assert.deepEqual(
      envelope.stepResults.map((s: { id: string; success: boolean; data: { error?: string } }) => [
        s.id,
        s.success,
        s.data.error,
      ]),
      [
        ['nap', true, undefined],
        ['open', false, 'APP_NOT_FOUND'],
      ],
    );
    assert.equal(run.json.failedStepId, 'open');
    const sent = (lab.devices[0]?.device.commandLog ?? []).slice(commandsBefore);
    assert.equal(sent.filter((line) => line.startsWith('input ')).length, 0, 'no tap reached the device');
  });

  test('after a fatal failure, an earlier step keeps its data read back from the log, a text with a comma included', async () => {
    // The app logs each returned step as `step_success ... data=<Kotlin map>` (UiActionEngine.kt:75-79 @ v0.5.2) and
    // answers a fatal failure with no steps: svc rebuilds them from those lines.
    const execution = {
      commandId: `fatal-after-read-${Date.now()}`,
      taskId: 'fatal',
      source: 'test',
      expectedFormat: 'android-ui-automator',
      timeoutMs: 30000,
      actions: [
        { id: 'stop', type: 'close_app', params: { applicationId: 'com.svc.login' } },
        { id: 'start', type: 'open_app', params: { applicationId: 'com.svc.login' } },
        { id: 'name', type: 'enter_text', params: { matcher: { textEquals: 'Username' }, text: 'alice' } },
        { id: 'login', type: 'click', params: { matcher: { textEquals: 'Log in' } } },
        { id: 'hello', type: 'wait_for_node', params: { matcher: { textContains: 'Welcome' }, timeoutMs: 5000 } },
        { id: 'read', type: 'read_text', params: { matcher: { textContains: 'Welcome' } } },
        { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: { maxAttempts: 1 } } },
      ],
    };
    const run = await svc('exec', JSON.stringify(execution));
    assert.equal(run.json.envelope?.errorCode, 'ACTION_FAILED', run.stdout);
    const read = run.json.envelope.stepResults.find((s: { id: string }) => s.id === 'read');
    assert.equal(read?.success, true, run.stdout);
    assert.equal(read?.data.text, 'Welcome, alice', run.stdout);
  });

  test('the on-screen log, which this operator has none of, is refused before anything is sent', async () => {
    const before = lab.devices[0]?.device.commandLog.length ?? 0;
    const run = await svc('on-screen-log', 'set', '--text', 'hello');
    assert.equal(run.code, 1);
    assert.equal(run.json.code, 'EXECUTION_ACTION_UNSUPPORTED');
    assert.equal(run.json.details.path, 'actions[0]');
    const sent = (lab.devices[0]?.device.commandLog ?? []).slice(before);
    assert.ok(!sent.some((line) => line.startsWith('am broadcast')), sent.join('\n'));
  });
});
