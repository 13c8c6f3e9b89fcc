import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { substituteVars } from './substitute-vars.ts';

const parse = (template: string, vars: Record<string, unknown>) => JSON.parse(substituteVars(template, vars).text);

describe('substituteVars', () => {
  it('keeps a value with quotes, backslashes, newlines and braces intact inside a JSON string', () => {
    const value = 'say "hi"\\n\nnext line\t}{ "]: \u2028 😀';
    assert.deepEqual(parse('{"text":"{{TEXT}}"}', { TEXT: value }), { text: value });
  });

  it('inserts a value in the middle of a string as string content', () => {
    assert.deepEqual(parse('{"uri":"app://x/{{ID}}?q={{Q}}"}', { ID: 'a"b', Q: 1 }), { uri: 'app://x/a"b?q=1' });
  });

  it('inserts a bare placeholder as a JSON literal of the value', () => {
    assert.deepEqual(parse('{"n":{{N}},"b":{{B}},"s":{{S}},"o":{{O}}}', { N: 250, B: true, S: 'x"y', O: { a: [1] } }), {
      n: 250,
      b: true,
      s: 'x"y',
      o: { a: [1] },
    });
  });

  it('never expands a placeholder that appears inside a value', () => {
    assert.deepEqual(parse('{"a":"{{A}}","b":"{{B}}"}', { A: '{{B}}', B: 'b' }), { a: '{{B}}', b: 'b' });
  });

  it('lists every missing name once, in order of appearance, and leaves them in place', () => {
    const result = substituteVars('{"a":"{{X}}","b":"{{Y}} {{X}}","c":{{Z}},"d":"{{GIVEN}}"}', { GIVEN: 'ok' });
    assert.deepEqual(result.missing, ['X', 'Y', 'Z']);
    assert.deepEqual(result.used, ['X', 'Y', 'Z', 'GIVEN']);
    assert.match(result.text, /"a":"\{\{X\}\}"/);
  });

  it('accepts spaces inside the braces and ignores text that is not a placeholder', () => {
    assert.deepEqual(parse('{"a":"{{ NAME }}","b":"{{not-a-var}} {x}"}', { NAME: 'n' }), {
      a: 'n',
      b: '{{not-a-var}} {x}',
    });
  });

  it('does not treat an escaped quote as the end of a string', () => {
    assert.deepEqual(parse('{"a":"\\"{{V}}\\""}', { V: 'x"' }), { a: '"x""' });
  });

  it('treats a variable given as undefined as missing', () => {
    assert.deepEqual(substituteVars('"{{A}}"', { A: undefined }).missing, ['A']);
  });

  it('round-trips any string value through a string placeholder (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        assert.deepEqual(parse('{"k":"pre {{V}} post","n":{{V}}}', { V: value }), { k: `pre ${value} post`, n: value });
      }),
    );
  });
});
