// runExecution through real adb and a simulated device: every action type succeeds, and the host-side steps
// (screenshot file, snapshot XML, close_app normalization) produce what SPEC 2.6 guarantees.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import type { StepResult } from '../src/contracts/types.ts';
import { runExecution } from '../src/submit/validate-and-run.test-helper.ts';
import { labContext, payload, tempDir } from './executions-helpers.ts';

let lab: Lab;
before(async () => {
  lab = await createLab({ devices: [{}] });
});
after(() => lab.close());

async function run(actions: unknown[], cwd?: string): Promise<StepResult[]> {
  const result = await runExecution(labContext(lab), { execution: payload(actions), ...(cwd ? { cwd } : {}) });
  assert.ok(result.ok, JSON.stringify(result));
  assert.equal(result.envelope.status, 'success', JSON.stringify(result.envelope));
  for (const step of result.envelope.stepResults ?? []) assert.ok(step.success, JSON.stringify(step));
  return result.envelope.stepResults ?? [];
}

const T = 'com.svc.thermostat';

test('app, node and text actions on the thermostat app all succeed', async () => {
  const steps = await run([
    { id: 'open', type: 'open_app', params: { applicationId: T } },
    { id: 'wait', type: 'wait_for_node', params: { matcher: { resourceId: `${T}:id/current_temp` } } },
    // The app is in front since open_app: its element is what arrives (a package alone needs a change of app).
    {
      id: 'nav',
      type: 'wait_for_navigation',
      params: { expectedPackage: T, expectedNode: { resourceId: `${T}:id/current_temp` }, timeoutMs: 5000 },
    },
    {
      id: 'read',
      type: 'read_text',
      params: { matcher: { resourceId: `${T}:id/current_temp` }, validator: 'temperature' },
    },
    { id: 'kv', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Target' } } },
    { id: 'up', type: 'click', params: { matcher: { resourceId: `${T}:id/temp_up` } } },
    { id: 'pause', type: 'sleep', params: { durationMs: 0 } },
    { id: 'tabs', type: 'scroll', params: { container: { resourceId: `${T}:id/room_tabs` }, direction: 'right' } },
    { id: 'back', type: 'press_key', params: { key: 'back' } },
    { id: 'close', type: 'close_app', params: { applicationId: T } },
  ]);
  assert.deepEqual(
    steps.map((s) => s.actionType),
    [
      'open_app',
      'wait_for_node',
      'wait_for_navigation',
      'read_text',
      'read_key_value_pair',
      'click',
      'sleep',
      'scroll',
      'press_key',
      'close_app',
    ],
  );
  assert.match(steps[3]?.data.text ?? '', /°C/);
  assert.deepEqual(steps[9]?.data, { application_id: T });
});

test('enter_text, scroll_until, scroll_and_click and open_uri succeed on the settings, login and browser apps', async () => {
  await run([
    { id: 'open', type: 'open_app', params: { applicationId: 'com.svc.login' } },
    { id: 'type', type: 'enter_text', params: { matcher: { resourceId: 'com.svc.login:id/username' }, text: 'ada' } },
    { id: 'settings', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    {
      id: 'until',
      type: 'scroll_until',
      params: { matcher: { textEquals: 'About phone' }, direction: 'down' },
    },
    { id: 'top', type: 'open_app', params: { applicationId: 'com.android.settings' } },
    {
      id: 'reveal',
      type: 'scroll_and_click',
      params: { target: { textEquals: 'System' }, direction: 'down' },
    },
    { id: 'uri', type: 'open_uri', params: { uri: 'https://example.com/a?b=1' } },
  ]);
});

test('snapshot_ui carries the hierarchy XML and take_screenshot writes a PNG relative to cwd', async () => {
  const cwd = await tempDir(lab, 'cwd-');
  const steps = await run(
    [
      { id: 'open', type: 'open_app', params: { applicationId: T } },
      { id: 'snap', type: 'snapshot_ui' },
      { id: 'shot', type: 'take_screenshot', params: { path: 'out/screen.png' } },
      { id: 'tmp', type: 'take_screenshot' },
    ],
    cwd,
  );
  assert.match(steps[1]?.data.text ?? '', /^<\?xml[\s\S]*<hierarchy[\s\S]*current_temp[\s\S]*<\/hierarchy>/);
  assert.equal(steps[1]?.data.actual_format, 'hierarchy_xml');
  assert.equal(steps[2]?.data.path, join(cwd, 'out/screen.png'));
  for (const step of steps.slice(2)) {
    const png = await readFile(step.data.path as string);
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  }
});

test('a snapshot right after a click carries the settle warning', async () => {
  const steps = await run([
    { id: 'open', type: 'open_app', params: { applicationId: T } },
    { id: 'up', type: 'click', params: { matcher: { resourceId: `${T}:id/temp_up` } } },
    { id: 'snap', type: 'snapshot_ui' },
  ]);
  assert.match(steps[2]?.data.warn ?? '', /sleep/);
});

test('recording and on-screen log actions succeed', async () => {
  const steps = await run([
    { id: 'rec', type: 'start_recording', params: { sessionId: 'r1' } },
    { id: 'stop', type: 'stop_recording', params: { sessionId: 'r1' } },
    { id: 'log', type: 'set_on_screen_log', params: { text: 'hello\nworld' } },
    { id: 'clear', type: 'clear_on_screen_log' },
  ]);
  assert.deepEqual(steps[3]?.data, { visible: 'false' });
});
