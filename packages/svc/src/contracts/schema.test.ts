import assert from 'node:assert/strict';
import { test } from 'node:test';
import { executionJsonSchema } from './schema.ts';
import { M, one, payload } from './test-support/payloads.ts';
import { VALID } from './test-support/valid-actions.ts';
import { ACTION_TYPES } from './types.ts';
import { normalizeAndValidateExecution } from './validate.ts';

/** Reads a nested value of the schema by key path. */
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

test('the JSON Schema describes every action type with strict params and the SPEC limits', () => {
  const schema = executionJsonSchema();
  assert.equal(at(schema, 'properties', 'actions', 'maxItems'), 50);
  assert.deepEqual(at(schema, 'properties', 'timeoutMs'), { type: 'integer', minimum: 1000, maximum: 120000 });
  for (const type of ACTION_TYPES) {
    const def = at(schema, '$defs', `action_${type}`);
    assert.equal(at(def, 'properties', 'type', 'const'), type);
    assert.equal(at(def, 'properties', 'params', 'additionalProperties'), false);
  }
  const params = (type: string) => at(schema, '$defs', `action_${type}`, 'properties', 'params');
  // A removed param: the schema nothing matches, as an object (portable to clients that refuse a bare `false`).
  assert.deepEqual(at(params('snapshot_ui'), 'properties', 'format'), { not: {} });
  assert.deepEqual(at(params('sleep'), 'required'), ['durationMs']);
  const matcher = at(schema, '$defs', 'NodeMatcher', 'anyOf', '1');
  assert.equal(at(matcher, 'properties', 'textEquals', 'maxLength'), 512);
  // The short keys the compact screen prints, beside the canonical fields; a string is a ref or a text.
  for (const key of ['ref', 'text', 'textContains', 'desc', 'descContains', 'id', 'role']) {
    assert.ok(at(matcher, 'properties', key), key);
  }
  assert.equal(at(schema, '$defs', 'NodeMatcher', 'anyOf', '0', 'type'), 'string');
  assert.equal(at(params('wait_for_navigation'), 'properties', 'timeoutMs', 'exclusiveMinimum'), 0);
});

test('the schema accepts every normalized valid action and rejects what the validator rejects', async () => {
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const validate = new Ajv2020({ strict: false }).compile(executionJsonSchema());
  const outcome = normalizeAndValidateExecution(payload(VALID.map(([raw], i) => ({ id: `a${i}`, ...raw }))));
  assert.ok(outcome.ok);
  assert.equal(validate(outcome.execution), true, JSON.stringify(validate.errors));
  const rejected = [
    one('sleep', { durationMs: 120_001 }),
    one('click', {}),
    one('click', { matcher: M, coordinate: { x: 1, y: 1 } }),
    one('read_text', { matcher: M, validator: 'regex' }),
    one('scroll_until', { clickAfter: true }),
    one('wait_for_navigation', { timeoutMs: 5 }),
    one('snapshot_ui', { format: 'xml' }),
    one('clear_on_screen_log', { x: 1 }),
    payload([], {}),
  ];
  for (const input of rejected) {
    assert.equal(normalizeAndValidateExecution(input).ok, false);
    assert.equal(validate(input), false, JSON.stringify(input));
  }
});
