// drag, the action type added to prove that an action is one definition (issue 30): its definition, the adb driver's
// runner and the two lists are all svc needed; the command line's exec, the MCP tool and the validator read it off
// the definition. Through real adb on a simulated phone, on both drivers: the press starts at the centre of `from`
// and lets go at the centre of `to` (the centres the compact screen's bounds give), and a missing end is
// NODE_NOT_FOUND with nothing done.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createLab, type Lab } from 'svc-sim/testing';
import { runCliJson } from './run-cli.ts';

const SETTINGS = 'com.android.settings';

/** The centre of the element a compact screen prints with this text, as `x,y`. */
function centreOf(screen: string, text: string): string {
  const line = screen.split('\n').find((l) => l.includes(` "${text}" `) || l.includes(` "${text}"`));
  const bounds = line === undefined ? null : /\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(line);
  assert.ok(bounds, `no element "${text}" in:\n${screen}`);
  const [l, t, r, b] = bounds.slice(1).map(Number) as [number, number, number, number];
  return `${Math.floor((l + r) / 2)},${Math.floor((t + b) / 2)}`;
}

const dragOf = (from: unknown, to: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    commandId: `drag-${Date.now()}`,
    taskId: 't',
    source: 'test',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30_000,
    actions: [{ id: 'd', type: 'drag_and_drop', params: { from, to, ...extra } }],
  });

describe('drag, from one element onto another', () => {
  let lab: Lab;
  before(async () => {
    lab = await createLab({ devices: [{}] });
  });
  after(async () => {
    await lab?.close();
  });

  for (const driver of ['operator', 'adb'] as const) {
    test(`${driver}: the press goes from the centre of one element to the centre of the other`, async () => {
      const sim = lab.devices[0];
      assert.ok(sim);
      const svc = (...args: string[]) =>
        runCliJson([...args, '--driver', driver, '--device', sim.serial, '--no-daemon'], { env: lab.env });
      await svc('close-app', SETTINGS);
      const opened = await svc('open', SETTINGS, '--screen', 'full');
      assert.equal(opened.code, 0, opened.stdout);
      const screen = opened.json.screen as string;
      const mark = sim.device.commandLog.length;
      const dragged = await svc('exec', dragOf({ textEquals: 'Battery' }, { textEquals: 'Network & internet' }));
      assert.equal(dragged.code, 0, dragged.stdout);
      const step = dragged.json.envelope.stepResults[0];
      assert.equal(step.actionType, 'drag', 'the alias is the same action');
      assert.deepEqual(step.data, {
        from: centreOf(screen, 'Battery'),
        to: centreOf(screen, 'Network & internet'),
        duration_ms: '1000',
      });
      if (driver === 'adb') {
        const [fx, fy] = step.data.from.split(',');
        const [tx, ty] = step.data.to.split(',');
        const sent = sim.device.commandLog.slice(mark);
        assert.ok(
          sent.some((line) => line.includes(`input swipe ${fx} ${fy} ${tx} ${ty} 1000`)),
          sent.join('\n'),
        );
      }
      const missing = await svc(
        'exec',
        dragOf({ textEquals: 'No such row' }, { textEquals: 'Battery' }, { retry: { maxAttempts: 1 } }),
      );
      assert.equal(missing.code, 1, missing.stdout);
      assert.equal(missing.json.envelope.stepResults[0].data.error, 'NODE_NOT_FOUND', missing.stdout);
    });
  }

  test('a drag without its target is refused before anything runs, named in the action', async () => {
    const bad = await runCliJson(['exec', dragOf({ textEquals: 'Battery' }, undefined), '--validate-only'], {
      env: lab.env,
    });
    assert.equal(bad.json.code, 'EXECUTION_VALIDATION_FAILED');
    assert.equal(bad.json.details.path, 'actions[0].params.to');
  });
});
