// read_text validators as the operator app applies them (TaskValidators.kt:21-30 and Temperature.parse,
// action/unit/Temperature.kt:52-78 @ v0.5.2): `temperature` = the text parses as a temperature (a number, optionally
// followed by °C, °F, C or F: `20.7°C`, `75°F`, `18`); `version` = `^\d+(\.\d+)*$`; `regex` = the whole text matches
// the pattern (Kotlin's String.matches). Validation upstream already refused unknown names and patterns that do not
// compile; a text that does not pass is retried like a missing node.
import { type JavaRegexProblem, javaRegexOnHost, javaRegexProblem } from '../../../contracts/java-regex.ts';

/**
 * The pattern as the operator app reads it, Java's dialect, written for JavaScript (contracts/java-regex.ts); a
 * pattern only JavaScript compiles (validation took it) as it is. A Java one the host cannot match was refused before
 * the run (hostRegexRefusal).
 */
function wholeMatch(pattern: string): RegExp {
  const host = javaRegexProblem(pattern) === undefined ? javaRegexOnHost(pattern) : undefined;
  if (host !== undefined && 'regex' in host) return new RegExp(`^(?:${host.regex.source})$`, host.regex.flags);
  return new RegExp(`^(?:${pattern})$`);
}

/** A Java pattern the adb driver cannot match on the host, as the refusal of its read_text step. */
export function hostRegexRefusal(pattern: string | undefined): JavaRegexProblem | undefined {
  if (pattern === undefined || javaRegexProblem(pattern) !== undefined) return undefined;
  const host = javaRegexOnHost(pattern);
  return 'problem' in host ? host.problem : undefined;
}

/** Kotlin's String.toDouble() after the unit is cut off: digits with an optional fraction and exponent. */
const NUMBER = /^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?)$/;

function isTemperature(text: string): boolean {
  const t = text.trim();
  if (t === '') return false;
  return NUMBER.test(t.replace(/(°[CFcf]|[CFcf])$/, '').trim());
}

export function textValidator(
  name: string | undefined,
  pattern: string | undefined,
): ((t: string) => boolean) | undefined {
  if (name === undefined || name === 'none') return undefined;
  if (name === 'temperature') return isTemperature;
  if (name === 'version') return (t) => /^\d+(\.\d+)*$/.test(t);
  if (name === 'regex' && pattern !== undefined) {
    const whole = wholeMatch(pattern);
    return (t) => whole.test(t);
  }
  return undefined;
}
