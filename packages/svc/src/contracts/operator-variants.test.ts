import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACTION_TYPES } from './actions/index.ts';
import { OPERATOR_VARIANTS, SVC_VARIANT } from './operator-variants.ts';

test("every action a variant lists is one of svc's action types (the table names them as plain strings)", () => {
  const known = new Set<string>(ACTION_TYPES);
  for (const variant of OPERATOR_VARIANTS) {
    if (variant.actions === 'all') continue;
    assert.deepEqual(
      [...variant.actions].filter((name) => !known.has(name)),
      [],
      variant.title,
    );
  }
});

test("svc's own operator runs every action type svc defines; the published app lacks svc's extensions", () => {
  assert.equal(SVC_VARIANT.actions, 'all');
  const published = OPERATOR_VARIANTS.find((variant) => variant.brand === 'clawperator');
  assert.ok(published !== undefined && published.actions !== 'all');
  for (const extension of ['drag', 'set_on_screen_log', 'clear_on_screen_log']) {
    assert.ok(!published.actions.has(extension), extension);
  }
  assert.ok(published.actions.has('click') && published.actions.has('press_key'));
});
