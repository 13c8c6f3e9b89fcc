import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Action, ActionType } from '../contracts/types.ts';
import { directReason, isReadOnly, retryOf } from './daemon-proxy.ts';

const exec = (actions: { type: ActionType; params?: Record<string, unknown> }[]) => ({
  commandId: 'c1',
  timeoutMs: 30_000,
  // Shapes for the proxy's rules only (they read types and paths), not validated actions.
  actions: actions.map((action, i) => ({ id: `a${i}`, ...action }) as Action),
});

test('direct mode: --no-daemon, SVC_NO_DAEMON=1, Windows and a relative screenshot path; else the daemon', () => {
  const snap = exec([{ type: 'snapshot_ui' }]);
  assert.equal(directReason({ execution: snap, env: {} }, false, 'linux'), '--no-daemon');
  assert.equal(directReason({ execution: snap, env: { SVC_NO_DAEMON: '1' } }, true, 'linux'), 'SVC_NO_DAEMON=1');
  assert.equal(directReason({ execution: snap, env: { SVC_NO_DAEMON: '0' } }, true, 'linux'), undefined);
  assert.equal(directReason({ execution: snap, env: {} }, true, 'win32'), 'windows');
  assert.equal(directReason({ execution: snap, env: {} }, true, 'darwin'), undefined);
  const shot = (path?: string) => exec([{ type: 'take_screenshot', ...(path ? { params: { path } } : {}) }]);
  assert.match(directReason({ execution: shot('out/x.png'), env: {} }, true, 'linux') ?? '', /relative path/);
  assert.equal(directReason({ execution: shot('/tmp/x.png'), env: {} }, true, 'linux'), undefined);
  assert.equal(directReason({ execution: shot(), env: {} }, true, 'linux'), undefined);
});

test('only snapshot-only executions are read-only, and their retry gets its own commandId within 128 chars', () => {
  assert.ok(isReadOnly(exec([{ type: 'snapshot_ui' }, { type: 'snapshot_ui' }])));
  assert.ok(!isReadOnly(exec([{ type: 'snapshot_ui' }, { type: 'click' }])));
  assert.ok(!isReadOnly(exec([{ type: 'take_screenshot' }])));
  const idOf = (execution: unknown) => (execution as { commandId: string }).commandId;
  assert.equal(idOf(retryOf(exec([{ type: 'snapshot_ui' }]))), 'c1-retry');
  const long = { ...exec([{ type: 'snapshot_ui' }]), commandId: 'x'.repeat(128) };
  const retried = idOf(retryOf(long));
  assert.equal(retried.length, 128);
  assert.ok(retried.endsWith('-retry'));
});
