import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { expandWord, type ShellVars } from './expand.ts';
import { parse } from './parse.ts';
import { hostQuote } from './shell.test-helper.ts';

function argvOf(line: string, values: Record<string, string> = {}): string[] {
  const vars: ShellVars = { values: new Map(Object.entries(values)), exported: new Set(), status: 0 };
  const [list] = parse(line);
  const command = list?.first.commands[0];
  assert.ok(command, `no command in ${line}`);
  return command.words.flatMap((w) => expandWord(w, vars));
}

describe('shell word splitting', () => {
  const table: [string, string[]][] = [
    ['echo a  b\tc', ['echo', 'a', 'b', 'c']],
    [`echo 'a b' "c d"`, ['echo', 'a b', 'c d']],
    [`echo 'it'"'"'s'`, ['echo', "it's"]],
    [`echo a'b'"c"d`, ['echo', 'abcd']],
    [`echo '' ""`, ['echo', '', '']],
    [`echo '$HOME' "$HOME" $HOME`, ['echo', '$HOME', '/root', '/root']],
    [`echo "a\\"b" "a\\\\b" "a\\nb" 'a\\nb'`, ['echo', 'a"b', 'a\\b', 'a\\nb', 'a\\nb']],
    ['echo a\\ b \\$X \\\\', ['echo', 'a b', '$X', '\\']],
    [`echo '$(rm -rf /)' '\`id\`'`, ['echo', '$(rm -rf /)', '`id`']],
    [`echo '{"k":"v \\\\ \\" ✓ 😀"}'`, ['echo', '{"k":"v \\\\ \\" ✓ 😀"}']],
    ['echo $SPLIT', ['echo', 'one', 'two']],
    ['echo "$SPLIT"', ['echo', ' one  two ']],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax, not a template
    ['echo ${HOME}x $UNSET', ['echo', '/rootx']],
    ['echo 100$ a$', ['echo', '100$', 'a$']],
    ['echo a#b #comment', ['echo', 'a#b']],
  ];
  for (const [line, expected] of table) {
    it(`splits ${JSON.stringify(line)}`, () => {
      assert.deepEqual(argvOf(line, { HOME: '/root', SPLIT: ' one  two ' }), expected);
    });
  }

  it('delivers any argument quoted the way the host quotes it byte-identically', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 4 }), (args) => {
        assert.deepEqual(argvOf(`am ${args.map(hostQuote).join(' ')}`), ['am', ...args]);
      }),
      { numRuns: 500 },
    );
  });

  it('separates commands on ; && || | and newlines', () => {
    const script = parse('a; b && c || d | e\nf');
    assert.equal(script.length, 3);
    assert.equal(script[1]?.rest.length, 2);
    assert.equal(script[1]?.rest[1]?.pipeline.commands.length, 2);
  });

  it('reads redirections with descriptors and assignments before the command', () => {
    const [list] = parse('A=1 B="x y" cmd >/dev/null 2>&1 <in 2>>err');
    const command = list?.first.commands[0];
    assert.deepEqual(
      command?.redirects.map((r) => [r.fd, r.op]),
      [
        [1, '>'],
        [2, '>&'],
        [0, '<'],
        [2, '>>'],
      ],
    );
    assert.deepEqual(
      command?.assignments.map((a) => a.name),
      ['A', 'B'],
    );
  });

  it('rejects unterminated quotes and stray operators', () => {
    assert.throws(() => parse("echo 'open"), /no closing quote/);
    assert.throws(() => parse('echo "open'), /no closing quote/);
    assert.throws(() => parse('echo a ;; b'), /syntax error: ';' unexpected/);
    assert.throws(() => parse('&& echo'), /syntax error/);
    assert.throws(() => parse('echo $(id)'), /not supported/);
  });
});
