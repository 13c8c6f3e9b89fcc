import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CONTAINER_CONFLICT_MESSAGE, parseSelectorFlags, SELECTOR_CONFLICT_MESSAGE } from './selector.ts';
import { throwsCode } from './test-helpers.test-helper.ts';

test('each shorthand flag and its alias maps to its NodeMatcher field', () => {
  const cases: Array<[string, string]> = [
    ['text', 'textEquals'],
    ['textContains', 'textContains'],
    ['id', 'resourceId'],
    ['resourceId', 'resourceId'],
    ['desc', 'contentDescEquals'],
    ['contentDesc', 'contentDescEquals'],
    ['descContains', 'contentDescContains'],
    ['contentDescContains', 'contentDescContains'],
    ['role', 'role'],
  ];
  for (const [key, field] of cases) {
    assert.deepEqual(parseSelectorFlags({ [key]: ['v'] }), { matcher: { [field]: 'v' } }, key);
  }
});

test('shorthand flags combine into one matcher', () => {
  assert.deepEqual(parseSelectorFlags({ text: ['OK'], role: ['button'], id: ['a:id/b'] }), {
    matcher: { textEquals: 'OK', resourceId: 'a:id/b', role: 'button' },
  });
});

test('with no selector flags the parser returns an empty matcher and omits the container', () => {
  assert.deepEqual(parseSelectorFlags({}), { matcher: {} });
});

test('--selector passes its JSON object through unchanged (aliases are the validator’s job)', () => {
  assert.deepEqual(parseSelectorFlags({ selector: ['{"text":"OK","role":"button"}'] }), {
    matcher: { text: 'OK', role: 'button' },
  });
});

test('--selector with any shorthand flag fails with the exact mutual-exclusion message', () => {
  for (const key of [
    'text',
    'textContains',
    'id',
    'resourceId',
    'desc',
    'contentDesc',
    'descContains',
    'contentDescContains',
    'role',
  ]) {
    throwsCode(
      () => parseSelectorFlags({ selector: ['{"textEquals":"a"}'], [key]: ['b'] }),
      'EXECUTION_VALIDATION_FAILED',
      SELECTOR_CONFLICT_MESSAGE,
    );
  }
  assert.match(SELECTOR_CONFLICT_MESSAGE, /--selector or the simple selector flags.*not both/);
});

test('--container-selector with any --container-* flag fails with the container mutual-exclusion message', () => {
  for (const key of [
    'containerText',
    'containerTextContains',
    'containerId',
    'containerResourceId',
    'containerDesc',
    'containerContentDesc',
    'containerDescContains',
    'containerContentDescContains',
    'containerRole',
  ]) {
    throwsCode(
      () => parseSelectorFlags({ containerSelector: ['{"role":"list"}'], [key]: ['x'] }),
      'EXECUTION_VALIDATION_FAILED',
      CONTAINER_CONFLICT_MESSAGE,
    );
  }
});

test('container shorthands build params.container; --container-selector passes JSON through', () => {
  assert.deepEqual(parseSelectorFlags({ text: ['a'], containerId: ['p:id/list'], containerRole: ['listitem'] }), {
    matcher: { textEquals: 'a' },
    container: { resourceId: 'p:id/list', role: 'listitem' },
  });
  assert.deepEqual(parseSelectorFlags({ containerSelector: ['{"resourceId":"p:id/l"}'] }), {
    matcher: {},
    container: { resourceId: 'p:id/l' },
  });
});

test('a repeated value flag is a syntax error, also across a flag and its alias', () => {
  throwsCode(() => parseSelectorFlags({ text: ['a', 'b'] }), 'CLI_USAGE_ERROR', /--text was given 2 times/);
  throwsCode(() => parseSelectorFlags({ id: ['a'], resourceId: ['b'] }), 'CLI_USAGE_ERROR', /--id \/ --resource-id/);
  throwsCode(() => parseSelectorFlags({ selector: ['{"role":"a"}', '{"role":"b"}'] }), 'CLI_USAGE_ERROR');
  throwsCode(() => parseSelectorFlags({ containerText: ['a', 'a'] }), 'CLI_USAGE_ERROR');
});

test('selector JSON must parse to an object', () => {
  for (const bad of ['not json', '[1]', '"text"', '12', 'null', 'true']) {
    throwsCode(
      () => parseSelectorFlags({ selector: [bad] }),
      'EXECUTION_VALIDATION_FAILED',
      /--selector must be a JSON object/,
    );
    throwsCode(
      () => parseSelectorFlags({ containerSelector: [bad] }),
      'EXECUTION_VALIDATION_FAILED',
      /--container-selector must be a JSON object/,
    );
  }
});

test('blank values are rejected for every selector flag', () => {
  for (const key of ['text', 'id', 'desc', 'role', 'selector', 'containerText', 'containerSelector']) {
    throwsCode(() => parseSelectorFlags({ [key]: ['  '] }), 'EXECUTION_VALIDATION_FAILED', /must not be blank/);
  }
});
