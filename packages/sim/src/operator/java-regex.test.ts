// Kotlin's Regex as the app compiles validatorPattern (java-regex.ts), held to a JVM: each verdict was printed by
// OpenJDK 17.0.15's Pattern.compile (OK, or its PatternSyntaxException description), each match by String.matches.
// The look-behind cases are Android's (ICU), which desktop Java takes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileJavaRegex } from './java-regex.ts';
import { KotlinException } from './kotlin.ts';

const VERDICTS: [string, string][] = [
  ['(?i)^ok$', 'OK'],
  ['a++', 'OK'],
  ['(?<n_1>x)', "named capturing group is missing trailing '>'"],
  ['[^]', 'Unclosed character class'],
  ['\\u{41}', 'Illegal Unicode escape sequence'],
  ['\\y', 'Illegal/unsupported escape sequence'],
  ['a{,3}', 'Illegal repetition'],
  ['\\0', 'Illegal octal escape sequence'],
  ['[\\b]', 'Illegal/unsupported escape sequence'],
  ['(?>a)', 'OK'],
  ['\\Qa.b\\E', 'OK'],
  ['[a-z&&[^aeiou]]', 'OK'],
  ['x{', 'Illegal repetition'],
  ['(?<n>a)|(?<n>b)', 'Named capturing group <n> is already defined'],
  ['(', 'Unclosed group'],
  ['a**', "Dangling meta character '*'"],
  ['\\k<n>', 'named capturing group <n> does not exist'],
  ['[]a]', 'OK'],
  ['\\x{41}', 'OK'],
  ['(?<é>x)', 'capturing group name does not start with a Latin letter'],
  ['(?<=ab{1,3})c', 'OK'],
  ['(?i:ok)', 'OK'],
  ['a{3,2}', 'Illegal repetition range'],
  ['(?x) a # c', 'OK'],
  ['(?<=a+)b', 'Look-Behind pattern matches must have a bounded maximum length'],
];

const MATCHES: [string, string, boolean][] = [
  ['(?i)^ok$', 'OK', true],
  ['(?i)^ok$', 'nok', false],
  ['a++b', 'aab', true],
  ['\\Qa.b\\E', 'axb', false],
  ['\\p{Lower}+', 'aBc', false],
  ['\\AOK\\z', 'OK', true],
  ['[]a]+', ']a]', true],
  ['(?i:ab)c', 'ABC', false],
  ['\\0101', 'A', true],
  ['(?x) a b # c', 'ab', true],
];

describe("the app's Regex(validatorPattern), as java.util.regex on Android", () => {
  for (const [pattern, verdict] of VERDICTS) {
    test(`${JSON.stringify(pattern)}: ${verdict}`, () => {
      try {
        compileJavaRegex(pattern);
        assert.equal('OK', verdict);
      } catch (e) {
        assert.ok(e instanceof KotlinException, String(e));
        assert.equal(e.javaClass, 'java.util.regex.PatternSyntaxException');
        assert.equal(e.message.slice(0, e.message.indexOf(' near index')), verdict);
      }
    });
  }
  for (const [pattern, text, matches] of MATCHES) {
    test(`${JSON.stringify(pattern)} ${matches ? 'matches' : 'does not match'} ${JSON.stringify(text)}`, () => {
      const regex = compileJavaRegex(pattern);
      assert.equal(new RegExp(`^(?:${regex.source})$`, regex.flags).test(text), matches);
    });
  }
});
