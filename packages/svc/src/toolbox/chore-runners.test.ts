// The runner table is complete by chore name: a chore without its runner fails the type check (the lines below
// must fail `npm run typecheck`; an unused @ts-expect-error fails it too).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHORE_DEFINITIONS } from '../contracts/chores/index.ts';
import { UNICODE_IME, UNICODE_KEYBOARD_PACKAGE } from '../device-shell/unicode-keyboard-app.ts';
import { CHORE_RUNNERS } from './chore-runners.ts';

test('every chore has its runner, and a table without one fails the type check', () => {
  assert.deepEqual(Object.keys(CHORE_RUNNERS).sort(), CHORE_DEFINITIONS.map((chore) => chore.name).sort());
  const { rotate: _rotate, ...withoutRotate } = CHORE_RUNNERS;
  // @ts-expect-error: rotate has no runner
  const missing: typeof CHORE_RUNNERS = withoutRotate;
  assert.equal(Object.hasOwn(missing, 'rotate'), false);
  // A runner of another chore's params does not fit either.
  // @ts-expect-error: rotate's runner reads `orientation`, location's params have none
  const crossed: typeof CHORE_RUNNERS = { ...CHORE_RUNNERS, location: CHORE_RUNNERS.rotate };
  assert.ok(crossed);
});

test('the keyboard chore names the app and input method the adb driver selects', () => {
  const keyboard = CHORE_DEFINITIONS.find((chore) => chore.name === 'keyboard-install');
  assert.ok(keyboard?.description.includes(`Appium Settings (${UNICODE_KEYBOARD_PACKAGE}, Apache-2.0)`));
  assert.ok(keyboard?.description.includes(`input method ${UNICODE_IME},`));
});
