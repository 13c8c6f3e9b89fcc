// What svc sends the operator's parser, and what it refuses to send (AgentCommandParser.kt @ v0.5.2; the cases of
// test/fixtures/published-operator/payloads-rejected.json).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { OperatorVariant } from './operator-variants.ts';
import { OPERATOR_VARIANTS } from './operator-variants.ts';
import { encodeForOperator, parserRefusal } from './operator-wire.ts';
import { one } from './test-support/payloads.ts';
import type { ValidExecution } from './types.ts';
import { normalizeAndValidateExecution } from './validate.ts';

/** The first value of the execution the variant's parser would reject (the operator driver's table refuses it). */
function refusedByOperator(execution: ValidExecution, variant: OperatorVariant) {
  for (const [i, action] of execution.actions.entries()) {
    const error = parserRefusal(action, variant, { path: `actions[${i}]`, details: {} });
    if (error !== undefined) return error;
  }
  return undefined;
}

function valid(type: string, params?: Record<string, unknown>): ValidExecution {
  const outcome = normalizeAndValidateExecution(one(type, params));
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.execution;
}

test('scroll_and_click travels with `matcher`, the only key the parser reads (Parser:128-131)', () => {
  const sent = encodeForOperator(valid('scroll_and_click', { target: { textEquals: 'About phone' } }));
  assert.deepEqual(sent.actions[0]?.params, { matcher: { textEquals: 'About phone' } });
});

test('a retry object travels complete: the parser starts a given one from a single attempt (Parser:286-309)', () => {
  const sent = encodeForOperator(valid('click', { matcher: { textEquals: 'OK' }, retry: { maxAttempts: 2 } }));
  assert.deepEqual(sent.actions[0]?.params?.retry, {
    maxAttempts: 2,
    initialDelayMs: 500,
    maxDelayMs: 3000,
    backoffMultiplier: 2,
    jitterRatio: 0.15,
  });
  const sac = encodeForOperator(valid('scroll_and_click', { target: { textEquals: 'A' }, scrollRetry: {} }));
  assert.equal((sac.actions[0]?.params?.scrollRetry as { maxAttempts?: number } | undefined)?.maxAttempts, 4);
});

test('values the parser rejects are refused with their path, on every variant (one parser)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['enter_text', { matcher: { textEquals: 'a' }, text: 'x'.repeat(513) }, 'actions[0].params.text'],
    ['enter_text', { matcher: { textEquals: 'a' }, text: '   ' }, 'actions[0].params.text'],
    ['open_uri', { uri: `https://e.com/${'a'.repeat(2040)}` }, 'actions[0].params.uri'],
    ['open_app', { applicationId: `a.${'b'.repeat(511)}` }, 'actions[0].params.applicationId'],
  ];
  // A coordinate past Java's int (the parser's toInt) is refused by svc's own validation, for every driver alike.
  const huge = normalizeAndValidateExecution(one('click', { coordinate: { x: 2_147_483_648, y: 1 } }));
  assert.equal(huge.ok ? undefined : huge.error.details?.path, 'actions[0].params.coordinate.x');
  for (const variant of OPERATOR_VARIANTS) {
    for (const [type, params, path] of cases) {
      const error = refusedByOperator(valid(type, params), variant);
      assert.equal(error?.code, 'EXECUTION_VALIDATION_FAILED', `${variant.brand} ${type}`);
      assert.equal(error?.details?.path, path);
    }
    assert.equal(
      refusedByOperator(valid('enter_text', { matcher: { textEquals: 'a' }, text: 'x'.repeat(512) }), variant),
      undefined,
    );
  }
});

test('keys beyond back, home and recents: svc extension on svc operator, refused with what to do on the published one', () => {
  const [svc, clawperator] = ['svc', 'clawperator'].map((b) => OPERATOR_VARIANTS.find((v) => v.brand === b));
  assert.ok(svc && clawperator);
  for (const key of ['delete', 'ENTER', 'KEYCODE_VOLUME_UP', '66', 'back']) {
    assert.equal(refusedByOperator(valid('press_key', { key }), svc), undefined, `svc operator presses ${key}`);
  }
  // UiAction.kt:193-199 @ v0.5.2: the published parser knows BACK, HOME and RECENTS only.
  for (const key of ['back', 'HOME', 'recents'])
    assert.equal(refusedByOperator(valid('press_key', { key }), clawperator), undefined);
  for (const key of ['delete', '66']) {
    const error = refusedByOperator(valid('press_key', { key }), clawperator);
    assert.equal(error?.code, 'EXECUTION_VALIDATION_FAILED', key);
    assert.equal(error?.details?.path, 'actions[0].params.key');
    assert.match(error?.message ?? '', /presses only back, home, recents.*--driver adb/);
  }
});
