// java.util.Formatter as the app's error logging meets it (timber-format.ts), held to what a real JVM does. Each case
// was run through `String.format(format, new IllegalStateException("boom"))` on OpenJDK 17.0.15 (Debian 12), whose
// Formatter Android's libcore follows; the outcome is the text, or the exception's class and message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IllegalStateException, KotlinException } from './kotlin.ts';
import { javaFormat, loggedWithArgs } from './timber-format.ts';

const CAPTURED: [format: string, outcome: string][] = [
  ['x 50% off', 'IllegalFormatConversionException: o != java.lang.IllegalStateException'],
  ['x 50%', "UnknownFormatConversionException: Conversion = '%'"],
  ['x %s y', '= x java.lang.IllegalStateException: boom y'],
  ['x %S y', '= x JAVA.LANG.ILLEGALSTATEEXCEPTION: BOOM y'],
  ['x %d', 'IllegalFormatConversionException: d != java.lang.IllegalStateException'],
  ['x %2$s', "MissingFormatArgumentException: Format specifier '%2$s'"],
  ['x %-s', 'MissingFormatWidthException: %-s'],
  ['x %.2d', 'IllegalFormatPrecisionException: 2'],
  ['x %#s', 'FormatFlagsConversionMismatchException: Conversion = s, Flags = #'],
  ['x %tY', 'IllegalFormatConversionException: Y != java.lang.IllegalStateException'],
  ['x %tq', "UnknownFormatConversionException: Conversion = 'tq'"],
  ['x %c', 'IllegalFormatConversionException: c != java.lang.IllegalStateException'],
  ['x %b', '= x true'],
  ['x %n', '= x \n'],
  ['x %,d', 'IllegalFormatConversionException: d != java.lang.IllegalStateException'],
  ['x %q', "UnknownFormatConversionException: Conversion = 'q'"],
  ["x %'", "UnknownFormatConversionException: Conversion = '''"],
  ['x %)', "UnknownFormatConversionException: Conversion = ')'"],
  ['x %1', "UnknownFormatConversionException: Conversion = '1'"],
  ['x %-5s|', '= x java.lang.IllegalStateException: boom|'],
  ['x %05s', 'FormatFlagsConversionMismatchException: Conversion = s, Flags = 0'],
  ['x %<s', "MissingFormatArgumentException: Format specifier '%<s'"],
  ['x % s', 'FormatFlagsConversionMismatchException: Conversion = s, Flags =  '],
  ['x %10.3f', 'IllegalFormatConversionException: f != java.lang.IllegalStateException'],
  ['x %T', "UnknownFormatConversionException: Conversion = 'T'"],
  ['x %20', "UnknownFormatConversionException: Conversion = '2'"],
  ['x %20Z', "UnknownFormatConversionException: Conversion = 'Z'"],
  ['x %.5s', '= x java.'],
  ['x %-%', 'MissingFormatWidthException: %-%'],
  ['x %5%', '= x     %'],
  ['x %-5n', 'IllegalFormatWidthException: 5'],
];

const outcome = (format: string): string => {
  try {
    return `= ${javaFormat(format, [new IllegalStateException('boom')])}`;
  } catch (e) {
    assert.ok(e instanceof KotlinException);
    return `${e.javaClass.replace('java.util.', '')}: ${e.message}`;
  }
};

describe('String.format over a failure message, as a JVM does it', () => {
  for (const [format, expected] of CAPTURED) {
    test(`${JSON.stringify(format)} → ${expected}`, () => assert.equal(outcome(format), expected));
  }

  test('Log.e(message, cause) with two or more % throws from its own check, naming the message and the argument', () => {
    const cause = new IllegalStateException('boom');
    assert.equal(loggedWithArgs('no percent here', [cause]), 'no percent here');
    assert.throws(
      () => loggedWithArgs('50% and 20%', [cause]),
      (e: unknown) =>
        e instanceof KotlinException &&
        e.javaClass === 'java.lang.IllegalArgumentException' &&
        e.message ===
          'Message contains 2 placeholders, but 1 arguments were provided.\n  message: 50% and 20%, args: java.lang.IllegalStateException: boom',
    );
  });
});
