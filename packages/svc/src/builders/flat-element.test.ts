import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeAndValidateExecution } from '../contracts/validate.ts';
import { buildCommand } from './from-flags.ts';
import { execution, input, throwsCode } from './test-helpers.test-helper.ts';
import type { BuildInput } from './types.ts';

// Each command's builder, as the CLI runs it (the command's inputs in its action's definition).
const command = (key: string) => (call: BuildInput) => buildCommand(key, call);
const buildClick = command('click');
const buildRead = command('read');
const buildReadValue = command('read-value');
const buildType = command('type');
const buildWait = command('wait');
const buildWaitForNav = command('wait-for-nav');

test('click builds a click with the matcher and no clickType by default', () => {
  assert.deepEqual(
    buildClick(input({ text: ['OK'] })),
    execution(30_000, [{ id: 'click', type: 'click', params: { matcher: { textEquals: 'OK' } } }]),
  );
});

test('click --long and --focus set clickType; both together are rejected', () => {
  assert.deepEqual(buildClick(input({ id: ['a:id/b'], long: true })).actions[0]?.params, {
    matcher: { resourceId: 'a:id/b' },
    clickType: 'long_click',
  });
  assert.deepEqual(buildClick(input({ id: ['a:id/b'], focus: true })).actions[0]?.params, {
    matcher: { resourceId: 'a:id/b' },
    clickType: 'focus',
  });
  throwsCode(() => buildClick(input({ id: ['a'], focus: true, long: true })), 'CLI_USAGE_ERROR');
});

test('click --coordinate builds integer x and y and accepts integral tokens', () => {
  assert.deepEqual(buildClick(input({ coordinate: ['540', '1.2e3'] })).actions[0]?.params, {
    coordinate: { x: 540, y: 1200 },
  });
  assert.deepEqual(buildClick(input({ coordinate: ['0', '0'], long: true })).actions[0]?.params, {
    coordinate: { x: 0, y: 0 },
    clickType: 'long_click',
  });
});

test('click --coordinate with element selectors, or with --focus, is refused by the contract (one place)', () => {
  for (const flags of [
    { coordinate: ['1', '2'], text: ['a'] },
    { coordinate: ['1', '2'], focus: true },
  ]) {
    const outcome = normalizeAndValidateExecution(buildClick(input(flags)));
    assert.equal(outcome.ok, false, JSON.stringify(flags));
    assert.equal(!outcome.ok && outcome.error.code, 'EXECUTION_VALIDATION_FAILED');
    assert.match(String(!outcome.ok && outcome.error.details?.path), /^actions\[0\]\.params/);
  }
});

test('click --coordinate needs exactly two integer values, given once', () => {
  throwsCode(() => buildClick(input({ coordinate: ['1'] })), 'CLI_USAGE_ERROR');
  throwsCode(() => buildClick(input({ coordinate: ['1', '2', '3', '4'] })), 'CLI_USAGE_ERROR');
  throwsCode(() => buildClick(input({ coordinate: ['1.5', '2'] })), 'EXECUTION_VALIDATION_FAILED');
  throwsCode(() => buildClick(input({ coordinate: ['10px', '2'] })), 'EXECUTION_VALIDATION_FAILED');
});

test('click, read and wait require an element selector, and say every way to give one', () => {
  for (const build of [buildClick, buildRead, buildWait]) {
    throwsCode(
      () => build(input({})),
      'EXECUTION_VALIDATION_FAILED',
      /needs an element selector: .*--role, or --ref <eN>/,
    );
  }
  throwsCode(() => buildClick(input({})), 'EXECUTION_VALIDATION_FAILED', /, or --coordinate instead$/);
  throwsCode(() => buildRead(input({})), 'EXECUTION_VALIDATION_FAILED', /of a compact screen$/);
});

test('read builds read_text with an optional container and omits it when no container flag is given', () => {
  assert.deepEqual(
    buildRead(input({ textContains: ['Wi'] })),
    execution(30_000, [{ id: 'read', type: 'read_text', params: { matcher: { textContains: 'Wi' } } }]),
  );
  assert.deepEqual(
    buildRead(
      input({
        textContains: ['Wi'],
        containerId: ['p:id/list'],
        all: true,
        validator: ['regex'],
        validatorPattern: ['^W'],
      }),
    ).actions[0]?.params,
    {
      matcher: { textContains: 'Wi' },
      container: { resourceId: 'p:id/list' },
      all: true,
      validator: 'regex',
      validatorPattern: '^W',
    },
  );
});

test('wait puts --timeout on the action and sets the execution timeout to max(t + 5000, 30000)', () => {
  assert.deepEqual(
    buildWait(input({ text: ['A'] })),
    execution(30_000, [{ id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'A' } } }]),
  );
  assert.deepEqual(
    buildWait(input({ text: ['A'] }, [], 40_000)),
    execution(45_000, [
      { id: 'wait', type: 'wait_for_node', params: { matcher: { textEquals: 'A' }, timeoutMs: 40_000 } },
    ]),
  );
  assert.equal(buildWait(input({ text: ['A'] }, [], 2000)).timeoutMs, 30_000);
});

test('wait-for-nav requires --timeout and --app or a selector; timeout rule max(t + 5000, 30000)', () => {
  throwsCode(() => buildWaitForNav(input({ app: ['p'] })), 'EXECUTION_VALIDATION_FAILED', /requires --timeout/);
  throwsCode(
    () => buildWaitForNav(input({}, [], 5000)),
    'EXECUTION_VALIDATION_FAILED',
    /--app <package> or a selector/,
  );
  assert.deepEqual(
    buildWaitForNav(input({ app: ['com.android.settings'] }, [], 5000)),
    execution(30_000, [
      {
        id: 'wait-for-nav',
        type: 'wait_for_navigation',
        params: { expectedPackage: 'com.android.settings', timeoutMs: 5000 },
      },
    ]),
  );
  assert.deepEqual(
    buildWaitForNav(input({ text: ['Internet'], app: ['p'] }, [], 28_000)),
    execution(33_000, [
      {
        id: 'wait-for-nav',
        type: 'wait_for_navigation',
        params: { expectedPackage: 'p', expectedNode: { textEquals: 'Internet' }, timeoutMs: 28_000 },
      },
    ]),
  );
});

test('type uses --text as the text to enter and targets with the other flags', () => {
  assert.deepEqual(
    buildType(input({ id: ['p:id/q'], text: ['wifi'], submit: true })),
    execution(30_000, [
      { id: 'type', type: 'enter_text', params: { matcher: { resourceId: 'p:id/q' }, text: 'wifi', submit: true } },
    ]),
  );
  assert.deepEqual(
    buildType(input({ selector: ['{"role":"textfield"}'], text: [' a b '], clear: true })).actions[0]?.params,
    { matcher: { role: 'textfield' }, text: ' a b ', clear: true },
  );
  for (const key of ['desc', 'descContains', 'role', 'textContains']) {
    assert.ok(buildType(input({ [key]: ['x'], text: ['t'] })).actions[0]?.params?.matcher);
  }
  throwsCode(() => buildType(input({ id: ['p:id/q'] })), 'EXECUTION_VALIDATION_FAILED', /--text/);
  throwsCode(
    () => buildType(input({ text: ['t'] })),
    'EXECUTION_VALIDATION_FAILED',
    /^type needs an element selector: --selector '<json>' or --text-contains, --id/,
  );
  throwsCode(() => buildType(input({ id: ['p:id/q'], text: ['a', 'b'] })), 'CLI_USAGE_ERROR');
  throwsCode(
    () => buildType(input({ selector: ['{"role":"textfield"}'], role: ['x'], text: ['t'] })),
    'EXECUTION_VALIDATION_FAILED',
    /not both/,
  );
});

test('read-value builds labelMatcher from --label, --label-id, --label-desc and their aliases', () => {
  assert.deepEqual(
    buildReadValue(input({ label: ['Android version'] })),
    execution(30_000, [
      { id: 'read-value', type: 'read_key_value_pair', params: { labelMatcher: { textEquals: 'Android version' } } },
    ]),
  );
  for (const [key, field] of [
    ['text', 'textEquals'],
    ['labelText', 'textEquals'],
    ['labelId', 'resourceId'],
    ['id', 'resourceId'],
    ['resourceId', 'resourceId'],
    ['labelDesc', 'contentDescEquals'],
    ['desc', 'contentDescEquals'],
    ['contentDesc', 'contentDescEquals'],
  ] as const) {
    assert.deepEqual(
      buildReadValue(input({ [key]: ['v'] })).actions[0]?.params,
      { labelMatcher: { [field]: 'v' } },
      key,
    );
  }
});

test('read-value needs at least one label flag, rejects blanks and a label given twice through aliases', () => {
  throwsCode(
    () => buildReadValue(input({})),
    'EXECUTION_VALIDATION_FAILED',
    /--label, --label-id, --label-desc or --label-ref/,
  );
  assert.deepEqual(buildReadValue(input({ labelRef: ['e7'] })).actions[0]?.params, {
    labelMatcher: { ref: 'e7' },
  });
  throwsCode(() => buildReadValue(input({ label: [' '] })), 'EXECUTION_VALIDATION_FAILED', /blank/);
  throwsCode(() => buildReadValue(input({ label: ['a'], text: ['b'] })), 'CLI_USAGE_ERROR');
});
