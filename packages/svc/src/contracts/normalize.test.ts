import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ACTION_TYPE_ALIASES, MATCHER_KEY_ALIASES, PARAM_KEY_ALIASES } from './aliases.ts';
import { BASE, M, one, payload } from './test-support/payloads.ts';
import { VALID } from './test-support/valid-actions.ts';
import { ACTION_TYPES, type Action } from './types.ts';
import { buildInternalExecution, normalizeAndValidateExecution } from './validate.ts';
import { validateActionParams } from './validate-params.ts';

/** The params of any action, read by name. */
const paramsOf = (action: Action): Readonly<Record<string, unknown>> => action.params ?? {};

function actionOf(input: unknown): Action {
  const outcome = normalizeAndValidateExecution(input);
  assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
  return outcome.execution.actions[0] as Action;
}

describe('valid payloads normalize to canonical form', () => {
  test('the table covers every canonical action type', () => {
    assert.deepEqual(new Set(VALID.map(([, e]) => e.type)), new Set(ACTION_TYPES));
  });
  for (const [raw, expected] of VALID) {
    test(`${expected.type} is accepted and normalized`, () => {
      assert.deepEqual(actionOf(payload([{ id: 'a1', ...raw }])), expected);
    });
  }

  test('top-level aliases become canonical keys in canonical order', () => {
    const outcome = normalizeAndValidateExecution({
      actions: [{ id: 'a', type: 'sleep', params: { durationMs: 0 } }],
      timeout_ms: 1000,
      expected_format: 'android-ui-automator',
      task_id: 't',
      command_id: 'c',
      source: 'agent',
      mode: 'direct',
    });
    assert.ok(outcome.ok);
    assert.equal(
      JSON.stringify(outcome.execution),
      '{"commandId":"c","taskId":"t","source":"agent","expectedFormat":"android-ui-automator","timeoutMs":1000,' +
        '"actions":[{"id":"a","type":"sleep","params":{"durationMs":0}}],"mode":"direct"}',
    );
  });

  for (const [alias, canonical] of Object.entries(ACTION_TYPE_ALIASES)) {
    test(`type alias ${alias} becomes ${canonical}`, () => {
      const params = VALID.find(([, e]) => e.type === canonical)?.[0].params;
      assert.equal(actionOf(one(alias, params)).type, canonical);
    });
  }

  test('generic type aliases and canonical types ignore case and surrounding whitespace', () => {
    assert.equal(actionOf(one('  TAP ', { matcher: M })).type, 'click');
    assert.equal(actionOf(one('Snapshot_UI')).type, 'snapshot_ui');
  });

  test('the on-screen-log aliases are accepted when spelled exactly', () => {
    assert.deepEqual(actionOf(one('on_screen_log_set', { text: 'x' })), {
      id: 'a1',
      type: 'set_on_screen_log',
      params: { text: 'x' },
    });
    assert.deepEqual(actionOf(one('on_screen_log_clear')), { id: 'a1', type: 'clear_on_screen_log' });
  });

  test('every generic param-key alias maps to its canonical name', () => {
    const host: Record<string, [string, unknown, Record<string, unknown>]> = {
      applicationId: ['open_app', 'com.x', {}],
      uri: ['open_uri', 'app://x', {}],
      matcher: ['click', M, {}],
      path: ['take_screenshot', 'shot.png', {}],
      expectedPackage: ['wait_for_navigation', 'com.x', { timeoutMs: 10 }],
      expectedNode: ['wait_for_navigation', M, { timeoutMs: 10 }],
      timeoutMs: ['wait_for_navigation', 10, { expectedPackage: 'p' }],
      labelMatcher: ['read_key_value_pair', M, {}],
    };
    for (const [alias, canonical] of Object.entries(PARAM_KEY_ALIASES)) {
      const [type, value, rest] = host[canonical] ?? assert.fail(`no host for ${canonical}`);
      const params = paramsOf(actionOf(one(type, { ...rest, [alias]: value })));
      assert.deepEqual(params[canonical], value, `${alias} -> ${canonical}`);
      assert.equal(Object.hasOwn(params, alias), false);
    }
  });

  test('value becomes text for enter_text and selector becomes target for scroll_and_click', () => {
    assert.deepEqual(actionOf(one('input_text', { element: M, value: 'hi' })).params, { matcher: M, text: 'hi' });
    assert.deepEqual(actionOf(one('scroll_and_click', { selector: { id: 'a:id/b' } })).params, {
      target: { resourceId: 'a:id/b' },
    });
    assert.deepEqual(actionOf(one('scroll_and_click', { matcher: M })).params, { target: M });
  });

  test('every raw matcher alias maps to its canonical field, output in canonical field order', () => {
    for (const [alias, canonical] of Object.entries(MATCHER_KEY_ALIASES)) {
      const params = paramsOf(actionOf(one('click', { matcher: { [alias]: 'v' } })));
      assert.deepEqual(params.matcher, { [canonical]: 'v' }, alias);
    }
    const params = paramsOf(actionOf(one('click', { matcher: { role: 'button', text: 'OK', id: 'a:id/ok' } })));
    assert.equal(JSON.stringify(params.matcher), '{"resourceId":"a:id/ok","role":"button","textEquals":"OK"}');
  });

  test('retry maxAttempts is clamped into 1..10 while other retry fields are kept', () => {
    assert.deepEqual(actionOf(one('snapshot_ui', { retry: { maxAttempts: 99, jitterRatio: 0 } })).params, {
      retry: { maxAttempts: 10, jitterRatio: 0 },
    });
    assert.deepEqual(actionOf(one('snapshot_ui', { retry: { maxAttempts: 0 } })).params, { retry: { maxAttempts: 1 } });
  });

  test('wait_for_node timeoutMs is clamped into 1..120000 like the runtime does', () => {
    assert.equal(paramsOf(actionOf(one('wait_for_node', { matcher: M, timeoutMs: 0 }))).timeoutMs, 1);
    assert.equal(paramsOf(actionOf(one('wait_for_node', { matcher: M, timeoutMs: 500_000 }))).timeoutMs, 120_000);
  });

  test('the input object is not mutated', () => {
    const input = one('tap', { selector: { text: 'OK' } });
    const before = JSON.stringify(input);
    actionOf(input);
    assert.equal(JSON.stringify(input), before);
  });
});

describe('payload size limit', () => {
  // The normalized payload with text of n chars; returns its serialized byte length.
  const withText = (text: string) => one('enter_text', { matcher: M, text });
  const sizeOf = (text: string) => {
    const outcome = normalizeAndValidateExecution(withText(text));
    return outcome.ok ? new TextEncoder().encode(JSON.stringify(outcome.execution)).length : -1;
  };

  test('exactly 64000 bytes passes and 64001 bytes is PAYLOAD_TOO_LARGE', () => {
    const overhead = sizeOf('a') - 1;
    const exact = 'a'.repeat(64_000 - overhead);
    assert.equal(sizeOf(exact), 64_000);
    assert.equal(normalizeAndValidateExecution(withText(exact)).ok, true);
    const outcome = normalizeAndValidateExecution(withText(`${exact}a`));
    assert.equal(outcome.ok, false);
    if (outcome.ok) return;
    assert.equal(outcome.error.code, 'PAYLOAD_TOO_LARGE');
    assert.deepEqual(outcome.error.details, { path: '$', bytes: 64_001, limit: 64_000 });
  });

  test('the limit counts UTF-8 bytes, not chars', () => {
    const overhead = sizeOf('a') - 1;
    const emoji = '😀'.repeat(Math.floor((64_000 - overhead) / 4) + 1);
    const outcome = normalizeAndValidateExecution(withText(emoji));
    assert.equal(outcome.ok ? 'ok' : outcome.error.code, 'PAYLOAD_TOO_LARGE');
  });

  test('the limit applies to the normalized payload, so long alias names do not count', () => {
    const overhead = sizeOf('a') - 1;
    const text = 'a'.repeat(64_000 - overhead);
    const aliased = { ...BASE, actions: [{ id: 'a1', type: 'capture_screenshot', params: { output_path: 'x' } }] };
    assert.equal(normalizeAndValidateExecution(aliased).ok, true);
    assert.equal(normalizeAndValidateExecution(one('type_text', { element: M, value: text })).ok, true);
  });
});

describe('internal builders', () => {
  test('buildInternalExecution accepts doctor_ping that user payloads may not use', () => {
    const execution = buildInternalExecution({ ...BASE, actions: [{ id: 'ping', type: 'doctor_ping' }] });
    assert.deepEqual(execution.actions, [{ id: 'ping', type: 'doctor_ping' }]);
    assert.equal(normalizeAndValidateExecution({ ...BASE, actions: execution.actions }).ok, false);
  });

  test('validateActionParams checks one action on its own', () => {
    assert.deepEqual(validateActionParams('press_key', { key: 'BACK' }), { ok: true, params: { key: 'back' } });
    const bad = validateActionParams('sleep', { durationMs: -5 }, { actionId: 's' });
    assert.equal(bad.ok, false);
    if (bad.ok) return;
    const { issues, ...first } = bad.error.details ?? {};
    assert.deepEqual(first, {
      path: 'params.durationMs',
      actionId: 's',
      actionType: 'sleep',
      expected: 'integer 0 to 120000',
    });
    assert.equal((issues as unknown[]).length, 1);
  });
});
