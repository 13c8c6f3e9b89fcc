// The adb driver reads every device command's outcome, through the simulator and real adb: a device's error text is
// an error, and a command whose outcome never came back is never a success. What the simulator prints here is the
// real devices' text: a shell cut off before the exit sentinel (below API 24 adb's shell has no exit status: the read
// just ends; `shell_cut_input`), the package service's exception with its trace (frameworks/libs/modules-utils
// BasicShellCommandHandler.exec: "Exception occurred while executing '<cmd>':" then printStackTrace;
// `package_command_exception`), a shell without `monkey` or `uiautomator` (mksh: "/system/bin/sh: <name>: not
// found", as AOSP builds without the tool answer), and `dumpsys` without the input method service
// (frameworks/native/cmds/dumpsys/dumpsys.cpp: "Can't find service: <name>"; `input_method_service_missing`).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { summarize } from '../src/contracts/types.ts';
import { dumpsIn, NOTES, runAdb, step } from './adb-driver-helpers.ts';

const fresh = [
  { id: 'stop', type: 'close_app', params: { applicationId: NOTES } },
  { id: 'open', type: 'open_app', params: { applicationId: NOTES } },
];
const open = [{ id: 'open', type: 'open_app', params: { applicationId: NOTES } }];

/** The failed step's code and message, wherever the envelope put it. */
function failure(run: Awaited<ReturnType<typeof runAdb>>, id: string): { code: string; message: string } {
  const data = step(run, id).data;
  return { code: String(data.error), message: String(data.message) };
}

describe('the adb driver reads what the device said', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({
      devices: [
        { operator: false, apiLevel: 23 },
        { operator: false },
        { operator: false, apiLevel: 23, missingCommands: ['monkey'] },
        { operator: false, missingCommands: ['uiautomator'] },
      ],
    });
  });
  after(() => lab?.close());

  test('a key or tap whose shell ended before its exit status came back fails: never reported done', async () => {
    const sim = lab.devices[0]!;
    assert.equal((await runAdb(lab, 0, fresh)).result.ok, true);
    sim.faults.set('shell_cut_input', 1);
    try {
      const run = await runAdb(lab, 0, [{ id: 'back', type: 'press_key', params: { key: 'back' } }]);
      const { code, message } = failure(run, 'back');
      assert.equal(step(run, 'back').success, false, JSON.stringify(run.result));
      assert.equal(code, 'DEVICE_SHELL_UNAVAILABLE');
      assert.match(message, /did not say whether the key .*ran/);
    } finally {
      sim.faults.clear('shell_cut_input');
    }
    sim.faults.set('shell_cut_input', 1);
    try {
      // Save is low on the screen: its tap goes in the keyboard check's line, which the cut ends too.
      const run = await runAdb(lab, 0, [{ id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } }]);
      assert.equal(step(run, 'save').success, false, JSON.stringify(run.result));
      assert.equal(failure(run, 'save').code, 'DEVICE_SHELL_UNAVAILABLE');
      assert.match(failure(run, 'save').message, /did not say whether the tap ran/);
    } finally {
      sim.faults.clear('shell_cut_input');
    }
    // Without the cut the same tap is done.
    const run = await runAdb(lab, 0, [{ id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } }]);
    assert.equal(step(run, 'save').success, true, JSON.stringify(run.result));
  });

  test("open_app: the package service's exception is the device failing, not an app without a launcher", async () => {
    const sim = lab.devices[1]!;
    sim.faults.set('package_command_exception');
    try {
      const run = await runAdb(lab, 1, open);
      const { code, message } = failure(run, 'open');
      assert.equal(code, 'DEVICE_SHELL_UNAVAILABLE', JSON.stringify(run.result));
      assert.match(message, /Exception occurred while executing 'resolve-activity'.*SecurityException/);
      assert.ok(!run.commands.some((c) => c.startsWith('am start')), 'nothing started');
    } finally {
      sim.faults.clear('package_command_exception');
    }
    assert.equal(step(await runAdb(lab, 1, open), 'open').success, true);
  });

  test('open_app below API 24 on a phone without monkey fails with the shell’s words', async () => {
    const run = await runAdb(lab, 2, open);
    const { code, message } = failure(run, 'open');
    assert.equal(code, 'DEVICE_SHELL_UNAVAILABLE', JSON.stringify(run.result));
    assert.match(message, /no monkey.*monkey: not found/);
  });

  test('a phone without uiautomator: told so at once, not "uiautomator crashed" after retries', async () => {
    const run = await runAdb(lab, 3, [{ id: 'snap', type: 'snapshot_ui' }]);
    const { code, message } = failure(run, 'snap');
    assert.equal(code, 'DEVICE_SHELL_UNAVAILABLE', JSON.stringify(run.result));
    assert.match(message, /no uiautomator.*uiautomator: not found/);
    assert.equal(dumpsIn(run.commands).length, 1, 'one dump: no retry brings the tool');
    assert.ok(run.result.ok);
    assert.match(summarize(run.result.envelope).hint ?? '', /A tool the phone lacks \(uiautomator/);
    // A screen that cannot be read ends the execution for read_key_value_pair too, as a failed dump does.
    const kv = await runAdb(lab, 3, [
      { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
      { id: 'back', type: 'press_key', params: { key: 'back' } },
    ]);
    assert.equal(failure(kv, 'kv').code, 'DEVICE_SHELL_UNAVAILABLE', JSON.stringify(kv.result));
    assert.ok(!kv.steps.some((s) => s.id === 'back'), `no later step ran: ${JSON.stringify(kv.result)}`);
  });

  test('a tap is judged by its own outcome when dumpsys cannot find the input method service', async () => {
    const sim = lab.devices[1]!;
    assert.equal((await runAdb(lab, 1, fresh)).result.ok, true);
    sim.faults.set('input_method_service_missing');
    try {
      const said = await lab.adb('-s', sim.serial, 'shell', 'dumpsys input_method');
      assert.match(`${said.stdout}${said.stderr}`, /Can't find service: input_method/);
      const tapsBefore = sim.device.inputs.entries().filter((e) => e.kind === 'tap').length;
      const run = await runAdb(lab, 1, [{ id: 'save', type: 'click', params: { matcher: { textEquals: 'Save' } } }]);
      assert.equal(step(run, 'save').success, true, JSON.stringify(run.result));
      assert.equal(sim.device.inputs.entries().filter((e) => e.kind === 'tap').length, tapsBefore + 1);
    } finally {
      sim.faults.clear('input_method_service_missing');
    }
  });
});
