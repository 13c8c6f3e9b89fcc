import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ACTION_TYPES } from './actions/index.ts';
import { OPERATOR_VARIANTS } from './operator-variants.ts';

test("every action a variant lists is one of svc's action types (the table names them as plain strings)", () => {
  const known = new Set<string>(ACTION_TYPES);
  for (const variant of OPERATOR_VARIANTS) {
    assert.deepEqual(
      [...variant.actions].filter((name) => !known.has(name)),
      [],
      variant.title,
    );
  }
  const [svc, published] = OPERATOR_VARIANTS;
  assert.ok(svc?.actions.has('drag') && svc.actions.has('set_on_screen_log'), 'svc extensions on svc variant');
  assert.ok(published !== undefined && !published.actions.has('drag'), 'the published app has no drag');
});
