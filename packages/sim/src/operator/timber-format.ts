// The app's error logging with arguments: action.log.Log.e(message, vararg args) (Log.kt:41-71 @ v0.5.2) first
// counts the '%' of the message and, when there are some but not as many as the arguments, throws
// IllegalArgumentException from `require` (Log.kt:46-53); then Timber formats a message that has arguments with
// String.format (Timber.Tree.prepareLog → formatMessage), which throws a java.util.IllegalFormatException for a '%'
// that is not a format the argument can take. The app passes a failure's text as the message and its cause as the one
// argument (TaskRunnerManagerDefault.kt:74 and :83, OperatorCommandReceiver.kt:83-86), so a '%' in a failure decides
// what happens: none, the text is logged as is; one, String.format runs over it; two or more, require throws.
//
// String.format is modelled after java.util.Formatter (OpenJDK 17, which Android's libcore Formatter follows): the
// specifier `%[index$][flags][width][.precision][t]conversion`, the checks of FormatSpecifier's constructor and how an
// argument that is a Throwable prints. Its outcomes were checked against a real JVM (formatter-cases.test.ts).
import { IllegalArgumentException, type KotlinException } from './kotlin.ts';

/** A java.util.IllegalFormatException subclass (all are IllegalArgumentExceptions). */
class FormatException extends IllegalArgumentException {
  override readonly javaClass: string;
  constructor(kind: string, message: string) {
    super(message);
    this.javaClass = `java.util.${kind}`;
  }
}

const SPECIFIER = /^%(\d+\$)?([-#+ 0,(<]*)?(\d+)?(\.\d+)?([tT])?([a-zA-Z%])/;
const CONVERSIONS = new Set('bBhHsScCdoxXeEfgGaA%n');
const DATE_CONVERSIONS = new Set('HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc');
const GENERAL = new Set('bBhHsS');
const NUMERIC_FLAGS = ['+', ' ', '0', ',', '('];

/** Throwable.toString(): the class name, then `: message` when there is one. */
export function throwableString(t: KotlinException): string {
  return t.message === '' ? t.javaClass : `${t.javaClass}: ${t.message}`;
}

/** Object.hashCode of the argument, as `%h` prints it: any stable 32-bit value (the JVM's identity hash varies). */
function hashHex(text: string): string {
  let h = 0;
  for (const c of text) h = (Math.imul(31, h) + (c.codePointAt(0) as number)) | 0;
  return (h >>> 0).toString(16);
}

/** String.format(format, *args) with Throwable arguments; throws what java.util.Formatter throws. */
export function javaFormat(format: string, args: readonly KotlinException[]): string {
  let out = '';
  let ordinary = 0;
  let last = -1;
  for (let i = 0; i < format.length; ) {
    const at = format.indexOf('%', i);
    if (at === -1) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, at);
    const m = SPECIFIER.exec(format.slice(at));
    if (m === null)
      throw new FormatException('UnknownFormatConversionException', `Conversion = '${format[at + 1] ?? '%'}'`);
    const [spec, index, flags = '', widthText, precisionText, date, conversion] = m as unknown as string[];
    i = at + (spec as string).length;
    const c = conversion as string;
    const width = widthText === undefined ? -1 : Number(widthText);
    const precision = precisionText === undefined ? -1 : Number(precisionText.slice(1));
    for (const [k, flag] of [...flags].entries()) {
      if (flags.indexOf(flag) !== k) throw new FormatException('DuplicateFormatFlagsException', `Flags = '${flag}'`);
    }
    const mismatch = (flag: string) =>
      new FormatException('FormatFlagsConversionMismatchException', `Conversion = ${c}, Flags = ${flag}`);
    const badFlags = (bad: string[]) => {
      for (const flag of bad) if (flags.includes(flag)) throw mismatch(flag);
    };
    const needsWidth = () => {
      if (width === -1 && flags.includes('-')) throw new FormatException('MissingFormatWidthException', spec as string);
    };
    const noPrecision = () => {
      if (precision !== -1) throw new FormatException('IllegalFormatPrecisionException', String(precision));
    };
    if (date !== undefined) {
      if (!DATE_CONVERSIONS.has(c))
        throw new FormatException('UnknownFormatConversionException', `Conversion = '${date}${c}'`);
      noPrecision();
      badFlags(['#', ...NUMERIC_FLAGS]);
      needsWidth();
    } else if (!CONVERSIONS.has(c)) {
      throw new FormatException('UnknownFormatConversionException', `Conversion = '${c}'`);
    } else if (c === '%' || c === 'n') {
      if (c === 'n' && width !== -1) throw new FormatException('IllegalFormatWidthException', String(width));
      if (flags !== '' && !(c === '%' && flags === '-'))
        throw new FormatException('IllegalFormatFlagsException', `Flags = '${flags}'`);
      needsWidth();
      noPrecision();
      out += c === 'n' ? '\n' : '%'.padStart(Math.max(width, 1), ' ');
      continue;
    } else if (GENERAL.has(c)) {
      if ('bBhH'.includes(c) && flags.includes('#')) throw mismatch('#');
      needsWidth();
      badFlags(NUMERIC_FLAGS);
    } else if ('cC'.includes(c)) {
      noPrecision();
      badFlags(['#', ...NUMERIC_FLAGS]);
      needsWidth();
    } else if ('doxX'.includes(c)) {
      noPrecision();
      if ((flags.includes('-') || flags.includes('0')) && width === -1) {
        throw new FormatException('MissingFormatWidthException', spec as string);
      }
      if (c === 'd') badFlags(['#']);
      else badFlags([',']);
    }
    // The argument: `n$` picks one, `<` the previous one, else the next.
    const pick = index !== undefined ? Number(index.slice(0, -1)) - 1 : flags.includes('<') ? last : ordinary++;
    const arg = pick >= 0 ? args[pick] : undefined;
    if (arg === undefined) throw new FormatException('MissingFormatArgumentException', `Format specifier '${spec}'`);
    last = pick;
    if (!GENERAL.has(c) || date !== undefined) {
      throw new FormatException('IllegalFormatConversionException', `${c} != ${arg.javaClass}`);
    }
    if (c === 's' || c === 'S') {
      // A Throwable is not Formattable: `#` is refused when it prints.
      if (flags.includes('#')) throw mismatch('#');
    }
    let text = 'sS'.includes(c) ? throwableString(arg) : 'bB'.includes(c) ? 'true' : hashHex(throwableString(arg));
    if (precision !== -1) text = text.slice(0, precision);
    if (c === c.toUpperCase()) text = text.toUpperCase();
    out += flags.includes('-') ? text.padEnd(width, ' ') : text.padStart(width, ' ');
  }
  return out;
}

/**
 * The message Log.e(message, *args) writes (the app's Log over Timber), or the exception it throws instead: the
 * caller of the log line then meets it as the app does.
 */
export function loggedWithArgs(message: string, args: readonly KotlinException[]): string {
  const count = [...message].filter((ch) => ch === '%').length;
  if (args.length > 0 && count > 0 && count !== args.length) {
    throw new IllegalArgumentException(
      `Message contains ${count} placeholders, but ${args.length} arguments were provided.\n  message: ${message}, args: ${args.map(throwableString).join(', ')}`,
    );
  }
  return args.length > 0 ? javaFormat(message, args) : message;
}
