import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { INVALID_PARAMS } from './test-support/invalid-params.ts';
import { INVALID_PARAMS_MORE } from './test-support/invalid-params-more.ts';
import { INVALID_TOP_LEVEL, sleep0 } from './test-support/invalid-top-level.ts';
import { payload } from './test-support/payloads.ts';
import { normalizeAndValidateExecution } from './validate.ts';

// One invalid payload per rule of SPEC parts 2 and 8; each names the exact failing path.
const INVALID = [...INVALID_TOP_LEVEL, ...INVALID_PARAMS, ...INVALID_PARAMS_MORE];

describe('normalizeAndValidateExecution rejects every rule violation with its exact path', () => {
  test('the table holds at least 60 distinct rules', () => {
    assert.ok(INVALID.length >= 60, `only ${INVALID.length} cases`);
    assert.equal(new Set(INVALID.map((c) => c.rule)).size, INVALID.length);
  });
  for (const c of INVALID) {
    test(c.rule, () => {
      const outcome = normalizeAndValidateExecution(c.input);
      assert.equal(outcome.ok, false, 'expected a validation failure');
      if (outcome.ok) return;
      assert.equal(outcome.error.code, 'EXECUTION_VALIDATION_FAILED');
      assert.equal(outcome.error.details?.path, c.path, outcome.error.message);
      assert.ok(outcome.error.message.startsWith(`${c.path}: `), outcome.error.message);
      assert.equal(typeof outcome.error.details?.expected, 'string');
      if (c.actionType !== undefined) assert.equal(outcome.error.details?.actionType, c.actionType);
    });
  }
});

describe('validation error details', () => {
  test('carry the action id, canonical type and what was expected', () => {
    const outcome = normalizeAndValidateExecution(
      payload([
        sleep0,
        { id: 'b', type: 'sleep', params: { durationMs: 0 } },
        { id: 'c', type: 'x' },
        { id: 'tap-ok', type: 'tap', params: { matcher: { textEquals: '' } } },
      ]),
    );
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.deepEqual(outcome.error.details, {
      path: 'actions[2].type',
      actionId: 'c',
      actionType: 'x',
      expected: outcome.error.details?.expected,
    });
    const second = normalizeAndValidateExecution(
      payload([
        sleep0,
        { id: 'b', type: 'sleep', params: { durationMs: 0 } },
        { id: 'c', type: 'sleep', params: { durationMs: 0 } },
        { id: 'tap-ok', type: 'tap', params: { matcher: { textEquals: '' } } },
      ]),
    );
    assert.equal(second.ok, false);
    if (second.ok) return;
    assert.deepEqual(second.error.toBody(), {
      code: 'EXECUTION_VALIDATION_FAILED',
      message: 'actions[3].params.matcher.textEquals: must not be blank',
      details: {
        path: 'actions[3].params.matcher.textEquals',
        actionId: 'tap-ok',
        actionType: 'click',
        expected: 'non-blank string',
      },
    });
  });

  test('a prototype-polluting payload leaves Object.prototype untouched', () => {
    const hostile = JSON.parse(
      '{"commandId":"c","taskId":"t","source":"s","expectedFormat":"android-ui-automator","timeoutMs":5000,' +
        '"actions":[{"id":"a","type":"click","params":{"matcher":{"textEquals":"x"},"__proto__":{"polluted":1}}}]}',
    );
    const outcome = normalizeAndValidateExecution(hostile);
    assert.equal(outcome.ok, false);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});
