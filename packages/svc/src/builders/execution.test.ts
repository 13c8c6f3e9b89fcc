import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newIds } from './cli-ids.ts';
import { plainTimeout, sleepTimeout, waitTimeout, wrapExecution } from './execution.ts';

test('built-in commands use 30000 ms unless a global timeout overrides it', () => {
  assert.equal(plainTimeout(undefined), 30_000);
  assert.equal(plainTimeout(5000), 5000);
  assert.equal(plainTimeout(90_000), 90_000);
});

test('wait timeout is max(action timeout + 5000, 30000)', () => {
  assert.equal(waitTimeout(undefined), 30_000);
  assert.equal(waitTimeout(1000), 30_000);
  assert.equal(waitTimeout(25_000), 30_000);
  assert.equal(waitTimeout(25_001), 30_001);
  assert.equal(waitTimeout(60_000), 65_000);
});

test('sleep timeout is max(duration + 5000, global timeout, 30000)', () => {
  assert.equal(sleepTimeout(0, undefined), 30_000);
  assert.equal(sleepTimeout(40_000, undefined), 45_000);
  assert.equal(sleepTimeout(1000, 60_000), 60_000);
  assert.equal(sleepTimeout(70_000, 60_000), 75_000);
  assert.equal(sleepTimeout(1000, 5000), 30_000);
});

test('ids are cli-<verb>-<epoch>-<random>, commandId equals taskId, and differ between calls', () => {
  const ids = newIds('click', 1700000000000, () => 'abc');
  assert.equal(ids.commandId, 'cli-click-1700000000000-abc');
  assert.match(newIds('click').commandId, /^cli-click-\d+-[0-9a-f]{24}$/);
  assert.equal(ids.taskId, ids.commandId);
  assert.notEqual(newIds('click').commandId, newIds('click').commandId);
});

test('wrapExecution fills source svc-cli and expectedFormat android-ui-automator', () => {
  assert.deepEqual(wrapExecution({ commandId: 'a', taskId: 'b' }, 1000, [{ id: 's', type: 'snapshot_ui' }]), {
    commandId: 'a',
    taskId: 'b',
    source: 'svc-cli',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 1000,
    actions: [{ id: 's', type: 'snapshot_ui' }],
  });
});
