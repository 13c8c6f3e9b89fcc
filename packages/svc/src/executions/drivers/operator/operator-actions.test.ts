// Each operator variant's table: what its parser takes (AgentCommandParser.kt:89-251 @ v0.5.2 for the published one),
// refused before the broadcast otherwise, through the one refusal walk every driver uses.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { variantOf } from '../../../contracts/operator-variants.ts';
import type { ValidExecution } from '../../../contracts/types.ts';
import { normalizeAndValidateExecution } from '../../../contracts/validate.ts';
import { refuseUnsupported } from '../../driver-table.ts';
import { operatorActionsOfVariant } from './operator-actions.ts';

function valid(actions: unknown[]): ValidExecution {
  const outcome = normalizeAndValidateExecution({
    commandId: 'c',
    taskId: 't',
    source: 's',
    expectedFormat: 'android-ui-automator',
    timeoutMs: 30000,
    actions,
  });
  assert.ok(outcome.ok);
  return outcome.execution;
}

const refusal = (pkg: string, actions: unknown[]) =>
  refuseUnsupported('operator', operatorActionsOfVariant(variantOf(pkg)), valid(actions));

test('the on-screen log is refused on the published operator, which has none, and runs on svc own', () => {
  // A 0.5.x parser answers `unsupported action type` and drops the payload (AgentCommandParser.kt:251).
  const steps = [
    { id: 'sleep', type: 'sleep', params: { durationMs: 1 } },
    { id: 'clear', type: 'clear_on_screen_log' },
  ];
  const error = refusal('com.clawperator.operator.dev', steps);
  assert.equal(error?.code, 'EXECUTION_ACTION_UNSUPPORTED');
  assert.equal(error?.details?.path, 'actions[1]');
  assert.equal(refusal('com.svc.operator', steps), undefined);
});

test('a value the parser would drop is refused with its path, through the same walk', () => {
  const error = refusal('com.clawperator.operator', [
    { id: 'type', type: 'enter_text', params: { matcher: { textEquals: 'Name' }, text: 'x'.repeat(600) } },
  ]);
  assert.equal(error?.code, 'EXECUTION_VALIDATION_FAILED');
  assert.equal(error?.details?.path, 'actions[0].params.text');
});
