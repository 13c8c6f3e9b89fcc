// `since` of logs and crashes: the three forms a caller may give (a duration back from the device's clock, an ISO
// date-time, epoch ms), blanks around them allowed, and nothing else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkField } from '../fields.ts';
import { ValidationIssue } from '../validation-issue.ts';
import { checkSince, isRelative, parseSince, since } from './time-spec.ts';

/** The rule and the cross-field check together, as the chores' definitions run them. */
function refused(value: string): string | undefined {
  try {
    checkField(since, value, 'since');
    checkSince(value, 'since');
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationIssue)) throw error;
    assert.equal(error.path, 'since');
    return error.message;
  }
}

test('a duration counts back from the device clock; epoch ms and ISO times are instants', () => {
  const now = Date.UTC(2026, 4, 1, 10, 0, 0);
  assert.equal(parseSince('90s', now), now - 90_000);
  assert.equal(parseSince('10m', now), now - 600_000);
  assert.equal(parseSince('2h', now), now - 7_200_000);
  assert.equal(parseSince('1d', now), now - 86_400_000);
  assert.equal(parseSince('1777629600000', now), 1_777_629_600_000);
  assert.equal(parseSince('2026-05-01T09:00:00Z', now), Date.UTC(2026, 4, 1, 9, 0, 0));
  assert.equal(parseSince('2026-05-01T11:00:00+02:00', now), Date.UTC(2026, 4, 1, 9, 0, 0));
  assert.ok(isRelative('10m') && !isRelative('2026-05-01T09:00:00Z') && !isRelative('1777629600000'));
});

test('the three forms pass the rule, with blanks around them (the runner trims them)', () => {
  for (const value of ['90s', ' 10m ', '1777629600000', '2026-05-01T10:00Z', '2026-05-01T10:00:00.5-0700']) {
    assert.equal(refused(value), undefined, value);
  }
});

test('anything else is refused at its path, saying the forms', () => {
  for (const value of ['soon', '10', '10 m', '-5m', '5w', '2026-05-01', '2026-05-01T10:00', '2026-13-45T10:00:00Z']) {
    assert.match(refused(value) ?? 'passed', /duration back from now .* ISO date-time, or epoch milliseconds/, value);
  }
  assert.match(refused('   ') ?? 'passed', /blank/);
});
