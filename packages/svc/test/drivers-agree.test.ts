// Both drivers on the simulator through real adb: the same executions run on two identical devices, one through
// the operator app and one with nothing but adb's shell tools, and their step results must agree field by field
// (ids, action types, success, every data value), apart from the few values that cannot be the same by nature:
// where a screenshot went, and what only one driver reports (the adb driver's device path of a recording).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import type { RunResult, StepResult } from '../src/contracts/types.ts';
import { runExecution } from '../src/executions/validate-and-run.test-helper.ts';
import { labContext, payload } from './executions-helpers.ts';

const T = 'com.svc.thermostat';
const L = 'com.svc.login';
const S = 'com.android.settings';

/** Values that differ by nature between two runs or two drivers. */
function comparable(step: StepResult): StepResult {
  const data = { ...step.data };
  if (step.actionType === 'take_screenshot') delete data.path;
  delete data.device_path;
  return { ...step, data };
}

const SCENARIOS: [string, unknown[]][] = [
  [
    'the README tour on Settings',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'Settings' }, timeoutMs: 5000 } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'read', type: 'read_text', params: { matcher: { textContains: 'Network' } } },
      { id: 'click', type: 'click', params: { matcher: { textEquals: 'Network & internet' } } },
      { id: 'nav', type: 'wait_for_navigation', params: { expectedPackage: S, timeoutMs: 5000 } },
      { id: 'back', type: 'press_key', params: { key: 'BACK' } },
      {
        id: 'until',
        type: 'scroll_until',
        params: { matcher: { textEquals: 'About phone' }, direction: 'down', clickAfter: true },
      },
      { id: 'back2', type: 'press_key', params: { key: 'back' } },
      { id: 'shot', type: 'take_screenshot' },
      { id: 'nap', type: 'sleep', params: { durationMs: 10 } },
    ],
  ],
  [
    'the thermostat: validators, key-value pairs, clicks and a horizontal scroll',
    [
      { id: 'open', type: 'open_app', params: { applicationId: T } },
      {
        id: 'read',
        type: 'read_text',
        params: { matcher: { resourceId: `${T}:id/current_temp` }, validator: 'temperature' },
      },
      { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
      { id: 'up', type: 'click', params: { matcher: { resourceId: `${T}:id/temp_up` } } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'kv2', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
      { id: 'tabs', type: 'scroll', params: { container: { resourceId: `${T}:id/room_tabs` }, direction: 'right' } },
      { id: 'close', type: 'close_app', params: { applicationId: T } },
    ],
  ],
  [
    'the login form: typing, a checkbox, a button and the next screen',
    [
      { id: 'open', type: 'open_app', params: { applicationId: L } },
      { id: 'user', type: 'enter_text', params: { matcher: { resourceId: `${L}:id/username` }, text: "ada o'neil" } },
      {
        id: 'pass',
        type: 'enter_text',
        params: { matcher: { resourceId: `${L}:id/password` }, text: 's3cret $(x) %s' },
      },
      { id: 'remember', type: 'click', params: { matcher: { role: 'checkbox' } } },
      { id: 'login', type: 'click', params: { matcher: { textEquals: 'Log in' } } },
      { id: 'welcome', type: 'wait_for_node', params: { matcher: { textContains: 'Welcome' }, timeoutMs: 5000 } },
      { id: 'read', type: 'read_text', params: { matcher: { resourceId: `${L}:id/welcome` } } },
      { id: 'logout', type: 'click', params: { matcher: { textEquals: 'Log out' } } },
    ],
  ],
  [
    'failures report the same codes',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'missing', type: 'click', params: { matcher: { textEquals: 'No such row' }, retry: { maxAttempts: 1 } } },
      { id: 'nocontainer', type: 'scroll', params: { container: { textEquals: 'No such list' } } },
      { id: 'noapp', type: 'open_app', params: { applicationId: 'com.example.absent' } },
      { id: 'nouri', type: 'open_uri', params: { uri: 'nohandler://x' } },
      { id: 'norec', type: 'stop_recording', params: { sessionId: 'none' } },
      { id: 'offscreen', type: 'click', params: { coordinate: { x: 5000, y: 10 } } },
    ],
  ],
  [
    'scrolling to the end of a list and back',
    [
      { id: 'open', type: 'open_app', params: { applicationId: S } },
      { id: 'down', type: 'scroll_until', params: { direction: 'down', maxScrolls: 30 } },
      { id: 'edge', type: 'scroll', params: { direction: 'down' } },
      { id: 'up', type: 'scroll', params: { direction: 'up', distanceRatio: 0.5 } },
      {
        id: 'reveal',
        type: 'scroll_and_click',
        params: { target: { textEquals: 'Network & internet' }, direction: 'up' },
      },
    ],
  ],
];

describe('the operator and adb drivers agree step by step', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}, {}] });
  });
  after(() => lab.close());

  const runOn = async (index: number, driver: string, actions: unknown[]): Promise<RunResult> =>
    runExecution(labContext(lab), {
      execution: payload(actions, { timeoutMs: 60_000 }),
      deviceId: lab.devices[index]?.serial,
      driver,
      cwd: lab.home,
    });

  for (const [name, actions] of SCENARIOS) {
    test(name, async () => {
      const [viaOperator, viaAdb] = await Promise.all([runOn(0, 'operator', actions), runOn(1, 'adb', actions)]);
      assert.ok(viaOperator.ok, JSON.stringify(viaOperator));
      assert.ok(viaAdb.ok, JSON.stringify(viaAdb));
      assert.equal(viaOperator.driver, 'operator');
      assert.equal(viaAdb.driver, 'adb');
      assert.equal(viaAdb.envelope.status, viaOperator.envelope.status);
      const steps = (r: typeof viaAdb) => (r.envelope.stepResults ?? []).map(comparable);
      const [op, adb] = [steps(viaOperator), steps(viaAdb)];
      assert.equal(adb.length, op.length);
      for (const [i, expected] of op.entries()) assert.deepEqual(adb[i], expected, `step ${expected.id}`);
    });
  }
});
