import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSkillResultFrame } from './result-frame.ts';

describe('parseSkillResultFrame', () => {
  it('reads the JSON on the marker line', () => {
    assert.deepEqual(parseSkillResultFrame('log\n[svc-Skill-Result] {"a":1}\n'), {
      found: true,
      ok: true,
      skillResult: { a: 1 },
    });
  });

  it('reads the JSON on the line after a bare marker, with CRLF line ends', () => {
    assert.deepEqual(parseSkillResultFrame('x\r\n[svc-Skill-Result]\r\n  {"b":"two"}\r\nafter\r\n'), {
      found: true,
      ok: true,
      skillResult: { b: 'two' },
    });
  });

  it('finds a marker after a log prefix on the same line', () => {
    const parsed = parseSkillResultFrame('12:00 INFO [svc-Skill-Result] {"c":true}');
    assert.deepEqual(parsed, { found: true, ok: true, skillResult: { c: true } });
  });

  it('uses the last frame when a script prints several', () => {
    const parsed = parseSkillResultFrame('[svc-Skill-Result] {"n":1}\n[svc-Skill-Result] {"n":2}\n');
    assert.deepEqual(parsed, { found: true, ok: true, skillResult: { n: 2 } });
  });

  it('reports no frame when the marker is absent', () => {
    assert.deepEqual(parseSkillResultFrame('just output\n{"a":1}\n'), { found: false });
  });

  for (const [name, stdout] of [
    ['invalid JSON', '[svc-Skill-Result] {oops\n'],
    ['a marker at the end of output', 'x\n[svc-Skill-Result]'],
    ['a marker followed by an empty line', '[svc-Skill-Result]\n\n{"late":1}\n'],
    ['an array instead of an object', '[svc-Skill-Result] [1,2]\n'],
    ['null', '[svc-Skill-Result] null\n'],
  ] as const) {
    it(`reports a malformed frame for ${name}`, () => {
      const parsed = parseSkillResultFrame(stdout);
      assert.equal(parsed.found, true);
      assert.equal(parsed.found && parsed.ok, false);
    });
  }
});
