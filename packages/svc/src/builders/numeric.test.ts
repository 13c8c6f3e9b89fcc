import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseIntegerToken } from './numeric.ts';
import { throwsCode } from './test-helpers.test-helper.ts';

test('accepts complete integral JSON number tokens: 12, 12.0, 1e3, 0, -0 as 0, 1.5e1', () => {
  assert.equal(parseIntegerToken('12', '--x'), 12);
  assert.equal(parseIntegerToken('12.0', '--x'), 12);
  assert.equal(parseIntegerToken('1e3', '--x'), 1000);
  assert.equal(parseIntegerToken('1E+3', '--x'), 1000);
  assert.equal(parseIntegerToken('0', '--x'), 0);
  assert.ok(Object.is(parseIntegerToken('-0', '--x'), 0));
  assert.equal(parseIntegerToken('1.5e1', '--x'), 15);
  assert.equal(parseIntegerToken('-4', '--x'), -4);
});

for (const bad of [
  '',
  ' ',
  ' 12',
  '12 ',
  '0x10',
  '0X1A',
  '1.5',
  '12.5e0',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '12px',
  '12ms',
  '+12',
  '012',
  '1_000',
  '1,000',
  '.5',
  '5.',
]) {
  test(`rejects the numeric token ${JSON.stringify(bad)} with EXECUTION_VALIDATION_FAILED naming the flag`, () => {
    const error = throwsCode(
      () => parseIntegerToken(bad, '--width-dp', 'actions[0].params.widthDp'),
      'EXECUTION_VALIDATION_FAILED',
      /--width-dp/,
    );
    assert.deepEqual(error.details, {
      flag: '--width-dp',
      value: bad,
      path: '--width-dp',
      executionPath: 'actions[0].params.widthDp',
    });
  });
}
