// The published operator's execution rules, each from the app's source (apps/android/... @ v0.5.2, cited per test).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { appHarness } from './harness.test-helper.ts';

test('a success envelope: keys in the app order, data left out when empty, one I entry (ClawperatorResultEnvelope.kt:29-74)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 's', type: 'sleep', params: { durationMs: 5 } }]);
  const line = out.messages.find((m) => m.startsWith('[Clawperator-Result] '));
  assert.equal(
    line,
    `[Clawperator-Result] {"commandId":"${out.commandId}","taskId":"task","status":"success","stepResults":[{"id":"s","actionType":"sleep","success":true,"data":{"duration_ms":"5"}}],"error":null}`,
  );
  assert.equal(out.entries.find((e) => e.message === line)?.priority, 'I');
});

test('a throw ends the execution: failed, no steps, later actions never run (UiActionEngine.kt:32-35, TaskRunnerDefault.kt:31-37)', async () => {
  const h = appHarness();
  const out = await h.run([
    { id: 'open', type: 'open_app', params: { applicationId: 'com.nope.app', retry: { maxAttempts: 1 } } },
    { id: 'back', type: 'press_key', params: { key: 'home' } },
  ]);
  assert.deepEqual(out.envelope, {
    commandId: out.commandId,
    taskId: 'task',
    status: 'failed',
    stepResults: [],
    error: 'Task execution failed: No app found with applicationId=com.nope.app',
  });
  assert.ok(!out.messages.some((m) => m.includes('step_start id=back')));
});

test('wait_for_node timeoutMs bounds the whole retry loop (TaskUiScopeDefault.kt:259-264)', async () => {
  const h = appHarness();
  const out = await h.run([{ id: 'w', type: 'wait_for_node', params: { matcher: { textEquals: 'Nope' }, timeoutMs: 2000 } }]);
  assert.equal(out.envelope?.error, 'Task execution failed: Timeout waiting for node matching: NodeMatcher(resourceId=null, role=null, textEquals=Nope, textContains=null, contentDescEquals=null, contentDescContains=null) (timeoutMs=2000)');
  assert.ok(out.elapsedMs >= 2000 && out.elapsedMs <= 2200, `took ${out.elapsedMs} ms on the device clock`);
});
