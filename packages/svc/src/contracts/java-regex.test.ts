// Java's dialect of validator patterns (java-regex.ts), held to a JVM: every verdict and every match below was
// printed by OpenJDK 17.0.15 (Debian 12): `Pattern.compile(p)` (OK, or its PatternSyntaxException description) and
// `text.matches(p)`. Android's Pattern is ICU's, which also refuses an unbounded look-behind (ICU user guide, "Regular
// Expressions": look-behind "must be of bounded length"); those cases are marked `android`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { javaRegexOnHost, javaRegexProblem } from './java-regex.ts';

/** [pattern, Java's verdict: 'OK' or its description, the construct svc names when it refuses]. */
const VERDICTS: [string, string, string?][] = [
  ['(?i)^ok$', 'OK'],
  ['a++', 'OK'],
  ['(?<n_1>x)', "named capturing group is missing trailing '>'", '(?<n_1>'],
  ['[^]', 'Unclosed character class', '[^]'],
  ['\\u{41}', 'Illegal Unicode escape sequence', '\\u{41}'],
  ['\\y', 'Illegal/unsupported escape sequence', '\\y'],
  ['a{,3}', 'Illegal repetition', '{'],
  ['\\0', 'Illegal octal escape sequence', '\\0'],
  ['[\\b]', 'Illegal/unsupported escape sequence', '[\\b]'],
  ['(?>a)', 'OK'],
  ['\\Qa.b\\E', 'OK'],
  ['[a-z&&[^aeiou]]', 'OK'],
  ['\\p{Lower}', 'OK'],
  ['x{', 'Illegal repetition', '{'],
  ['(?<n>a)|(?<n>b)', 'Named capturing group <n> is already defined', '(?<n>'],
  ['\\h', 'OK'],
  ['\\R', 'OK'],
  ['(', 'Unclosed group', '('],
  ['a**', "Dangling meta character '*'", '*'],
  ['\\k<n>', 'named capturing group <n> does not exist', '\\k<n>'],
  ['[]a]', 'OK'],
  ['\\x{41}', 'OK'],
  ['\\cA', 'OK'],
  ['\\e', 'OK'],
  ['\\a', 'OK'],
  ['(?<é>x)', 'capturing group name does not start with a Latin letter', '(?<é>'],
  ['\\p{L}', 'OK'],
  ['\\p{Script=Greek}', 'OK'],
  ['(?<=ab{1,3})c', 'OK'],
  ['\\G', 'OK'],
  ['\\z', 'OK'],
  ['\\Z', 'OK'],
  ['(?i:ok)', 'OK'],
  ['(?-i)', 'OK'],
  ['a{2}+', 'OK'],
  ['$', 'OK'],
  ['\\/', 'OK'],
  ['[a-]', 'OK'],
  ['\\X', 'OK'],
  ['\\N{LATIN SMALL LETTER A}', 'OK'],
  ['\\01', 'OK'],
  ['[[a]]', 'OK'],
  ['a{3,2}', 'Illegal repetition range', '{3,2}'],
  ['(?x) a # c', 'OK'],
  ['(?U)\\w', 'OK'],
  ['\\u0041', 'OK'],
  ['(?<a1>x)\\k<a1>', 'OK'],
  // Android (ICU) only: desktop Java 17 takes these.
  ['(?<=a+)b', 'android', '+'],
  ['(?<=ab{1,})c', 'android', '{1,}'],
];

/** [pattern, text, String.matches on the JVM]. */
const MATCHES: [string, string, boolean][] = [
  ['(?i)^ok$', 'OK', true],
  ['(?i)^ok$', 'nok', false],
  ['a++b', 'aab', true],
  ['(?>ab|a)c', 'abc', true],
  ['\\Qa.b\\E', 'a.b', true],
  ['\\Qa.b\\E', 'axb', false],
  ['\\p{Lower}+', 'abc', true],
  ['\\p{Lower}+', 'aBc', false],
  ['\\h+', ' \t', true],
  ['\\x{41}\\e?', 'A', true],
  ['\\d{2,3}', '1234', false],
  ['\\d{2,3}', '123', true],
  ['\\AOK\\z', 'OK', true],
  ['v\\d+(\\.\\d+)*+', 'v1.2.3', true],
  ['[]a]+', ']a]', true],
  ['(?i:ab)c', 'ABc', true],
  ['(?i:ab)c', 'ABC', false],
  ['[a-c\\h]+', 'a b', true],
  ['\\p{IsLatin}+', 'abc', true],
  ['\\p{L}+', 'héllo', true],
  ['\\u0041\\.', 'A.', true],
  ['\\0101', 'A', true],
  ['[^\\d]+', 'ab', true],
  ['\\p{javaLowerCase}', 'a', true],
  ['(?<yr>\\d{4})-\\k<yr>', '2024-2024', true],
  ['\\w+@\\w+\\.com', 'a@b.com', true],
  ['%\\d+', '%12', true],
  ['\\p{Alpha}+\\p{Punct}', 'ab!', true],
  ['\\@\\#', '@#', true],
  ['a]b}', 'a]b}', true],
  ['(?x) a b # c', 'ab', true],
  ['\\p{Upper}\\P{Upper}', 'Ab', true],
  ['\\p{Upper}\\P{Upper}', 'AB', false],
];

describe("validator patterns in Java's dialect", () => {
  for (const [pattern, verdict, construct] of VERDICTS) {
    test(`${JSON.stringify(pattern)}: ${verdict === 'OK' ? 'Java compiles it' : `refused (${verdict})`}`, () => {
      const problem = javaRegexProblem(pattern);
      if (verdict === 'OK') assert.equal(problem, undefined, JSON.stringify(problem));
      else assert.equal(problem?.construct, construct, JSON.stringify(problem));
    });
  }

  for (const [pattern, text, matches] of MATCHES) {
    test(`on the host ${JSON.stringify(pattern)} ${matches ? 'matches' : 'does not match'} ${JSON.stringify(text)}, as on the JVM`, () => {
      const host = javaRegexOnHost(pattern);
      assert.ok('regex' in host, JSON.stringify(host));
      const whole = new RegExp(`^(?:${host.regex.source})$`, host.regex.flags);
      assert.equal(whole.test(text), matches);
    });
  }

  test('what Java takes but JavaScript has no form of is named for the host, never refused for the operator', () => {
    for (const pattern of ['[a-z&&[^aeiou]]', '[[a]]', '\\N{LATIN SMALL LETTER A}', 'a(?i)b']) {
      assert.equal(javaRegexProblem(pattern), undefined, pattern);
      const host = javaRegexOnHost(pattern);
      assert.ok('problem' in host && /adb driver cannot/.test(host.problem.why), JSON.stringify(host));
    }
  });
});
