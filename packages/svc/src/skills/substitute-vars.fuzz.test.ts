// Property tests of recipe variable substitution (skills): whatever the values (quotes, backslashes, newlines,
// `{{X}}` look-alikes, unicode, numbers, objects), a JSON recipe stays valid JSON, a placeholder inside a string
// receives exactly the value, and a value is never expanded a second time.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { substituteVars } from './substitute-vars.ts';

const RUNS = 300;
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('"', '\\', '\\"', '{{NAME}}', '{{ OTHER }}', '"}, {"x": 1', '\n', '\u2028', "'; touch /x", '$(id)'),
);
const value = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.json().map((j) => JSON.parse(j) as unknown),
);

const RECIPE =
  '{"commandId": "{{COMMAND_ID}}", "label": "pre-{{NAME}}-post", "timeoutMs": {{TIMEOUT}}, "raw": {{RAW}}}';

describe('skill variable substitution fuzzing', () => {
  test('any values keep a JSON recipe valid and land verbatim, never expanded twice', () => {
    fc.assert(
      fc.property(hostileString, hostileString, value, value, (commandId, name, timeout, raw) => {
        const out = substituteVars(RECIPE, { COMMAND_ID: commandId, NAME: name, TIMEOUT: timeout, RAW: raw });
        assert.deepEqual(out.missing, []);
        assert.deepEqual(out.used, ['COMMAND_ID', 'NAME', 'TIMEOUT', 'RAW']);
        const parsed = JSON.parse(out.text) as Record<string, unknown>;
        assert.equal(parsed.commandId, commandId);
        assert.equal(parsed.label, `pre-${name}-post`);
        assert.deepEqual(parsed.timeoutMs, JSON.parse(JSON.stringify(timeout)));
        assert.deepEqual(parsed.raw, JSON.parse(JSON.stringify(raw)));
      }),
      { numRuns: RUNS },
    );
  });

  test('arbitrary templates and variable maps never throw and report every missing name once', () => {
    const names = fc.constantFrom('A', 'B', '_c', 'COMMAND_ID', '__proto__', 'constructor');
    const template = fc
      .array(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 10 }),
          names.map((n) => `{{${n}}}`),
          fc.constantFrom('"', '\\', '{{', '}}'),
        ),
        {
          maxLength: 20,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(template, fc.dictionary(names, value), (text, vars) => {
        const out = substituteVars(text, vars);
        assert.equal(new Set(out.missing).size, out.missing.length);
        for (const name of out.missing) assert.ok(out.used.includes(name));
        for (const name of out.missing) assert.ok(!Object.hasOwn(vars, name) || vars[name] === undefined);
        assert.equal(Object.getPrototypeOf({}), Object.prototype);
      }),
      { numRuns: RUNS },
    );
  });
});
