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
    // The first problem keeps the shape of a single error; every problem is listed in details.issues.
    const { issues, ...first } = outcome.error.details ?? {};
    assert.deepEqual(first, {
      path: 'actions[2].type',
      actionId: 'c',
      actionType: 'x',
      expected: outcome.error.details?.expected,
    });
    assert.deepEqual(
      (issues as { path: string; actionId: string }[]).map((issue) => [issue.path, issue.actionId]),
      [
        ['actions[2].type', 'c'],
        ['actions[3].params.matcher.textEquals', 'tap-ok'],
      ],
    );
    assert.match(
      outcome.error.message,
      /^actions\[2\]\.type: unknown action type "x" \(and 1 more problem: details\.issues\)$/,
    );
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
      hint: 'Fix the value named in details.path (details.issues lists every problem found) and send it again.',
      details: {
        path: 'actions[3].params.matcher.textEquals',
        actionId: 'tap-ok',
        actionType: 'click',
        expected: 'non-blank string',
        issues: [
          {
            path: 'actions[3].params.matcher.textEquals',
            message: 'must not be blank',
            expected: 'non-blank string',
            actionId: 'tap-ok',
            actionType: 'click',
          },
        ],
      },
    });
  });

  test('every problem of a payload is reported at once, each with its path, and the list is bounded', () => {
    const outcome = normalizeAndValidateExecution({
      commandId: 'has space',
      taskId: '',
      source: 's',
      expectedFormat: 'nope',
      timeoutMs: 5,
      bogus: 1,
      actions: [
        { id: 'a', type: 'sleep', params: { durationMs: -1, extra: true } },
        { id: 'a', type: 'click' },
        { id: 'ok', type: 'snapshot_ui' },
        { type: 'open_app', params: {} },
      ],
    });
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    const issues = outcome.error.details?.issues as { path: string }[];
    assert.deepEqual(
      issues.map((issue) => issue.path),
      [
        'bogus',
        'taskId',
        'expectedFormat',
        'timeoutMs',
        'commandId',
        'actions[0].params.extra',
        'actions[0].params.durationMs',
        'actions[1].id',
        'actions[1].params.matcher',
        'actions[3].id',
        'actions[3].params.applicationId',
      ],
    );
    assert.equal(outcome.error.details?.path, 'bogus');
    const many = normalizeAndValidateExecution(
      payload(Array.from({ length: 30 }, (_, i) => ({ id: `s${i}`, type: 'sleep', params: { durationMs: -1 } }))),
    );
    assert.equal(many.ok, false);
    if (many.ok) return;
    assert.equal((many.error.details?.issues as unknown[] | undefined)?.length, 20);
    assert.equal(many.error.details?.moreIssues, 10);
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
