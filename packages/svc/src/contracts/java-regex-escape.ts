// The escapes of Java's regular expressions (java-regex.ts): which letters Java defines (an undefined one is refused,
// where JavaScript reads it as the letter), and the JavaScript form of each for the adb driver. Also the problem type
// and the refusal both files throw.
export interface JavaRegexProblem {
  /** The construct, as the user wrote it (`(?<my_name>`, `\u{41}`). */
  readonly construct: string;
  /** Where it starts in the pattern (UTF-16 index). */
  readonly index: number;
  /** Why Java refuses it, and what to write instead. */
  readonly why: string;
}

/** `java`: Java refuses it. `host`: Java takes it, but the adb driver cannot match it on the host. */
type Kind = 'java' | 'host';

export class Refused extends Error {
  readonly problem: JavaRegexProblem;
  readonly kind: Kind;
  constructor(kind: Kind, construct: string, index: number, why: string) {
    super(why);
    this.kind = kind;
    this.problem = { construct, index, why };
  }
}

const DEFINED_ESCAPES = new Set('tnrfaedDsSwWhHvVRXbBAGZzkuxcpPNQE');
const POSIX: Readonly<Record<string, string>> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'A-Za-z',
  Digit: '0-9',
  Alnum: 'A-Za-z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
  javaLowerCase: '\\p{Ll}',
  javaUpperCase: '\\p{Lu}',
  javaWhitespace: '\\s',
  IsAlphabetic: '\\p{Alphabetic}',
  IsLetter: '\\p{L}',
  IsDigit: '\\p{Nd}',
};
const HORIZONTAL = '\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000';
const VERTICAL = '\\n\\x0B\\f\\r\\x85\\u2028\\u2029';

/** What an escape reads and writes of the scanner. */
export interface EscapeScanner {
  readonly p: string;
  i: number;
  out: string;
  quantifiable: boolean;
  readonly names: ReadonlySet<string>;
  refuse(construct: string, index: number, why: string): never;
  hostCannot(construct: string, index: number, what: string): void;
}

/** One escape at s.i, outside a class or inside one (`inClass`); appends its JavaScript form to s.out. */
export function escapeInto(s: EscapeScanner, inClass: boolean): void {
  const p = s.p;
  const at = s.i;
  const c = p[at + 1];
  if (c === undefined) s.refuse('\\', at, 'a `\\` at the end of the pattern: escape it as \\\\');
  s.quantifiable = true;
  if (c === 'Q') {
    const end = p.indexOf('\\E', at + 2);
    const quoted = p.slice(at + 2, end === -1 ? p.length : end);
    const special = inClass ? /[\\^$.*+?()[\]{}|/-]/ : /[\\^$.*+?()[\]{}|/]/;
    s.out += [...quoted].map((ch) => (special.test(ch) ? `\\${ch}` : ch)).join('');
    s.i = end === -1 ? p.length : end + 2;
    return;
  }
  if (c === 'E') {
    s.i = at + 2;
    return;
  }
  if (c === '0') {
    const octal = /^\\0([0-3]?[0-7]{1,2})/.exec(p.slice(at));
    if (octal === null) {
      s.refuse('\\0', at, "JavaScript's NUL escape: Java reads \\0 as the start of an octal number; write \\x00");
    }
    s.out += `\\x${Number.parseInt(octal[1] as string, 8)
      .toString(16)
      .padStart(2, '0')}`;
    s.i = at + octal[0].length;
    return;
  }
  if (/[1-9]/.test(c)) {
    const digits = /^\\(\d+)/.exec(p.slice(at)) as RegExpExecArray;
    s.out += digits[0];
    s.i = at + digits[0].length;
    return;
  }
  if (!/[A-Za-z]/.test(c)) {
    // Java escapes any other character; JavaScript's `u` mode only its syntax characters.
    s.out += /[\^$\\.*+?()[\]{}|/]/.test(c) || (inClass && c === '-') ? `\\${c}` : c;
    s.i = at + 2;
    return;
  }
  if (!DEFINED_ESCAPES.has(c)) {
    s.refuse(`\\${c}`, at, `\\${c} is an escape Java does not define (JavaScript reads it as "${c}"): write ${c}`);
  }
  if (inClass && 'bBAGZzRXk'.includes(c)) {
    s.refuse(
      `[\\${c}]`,
      at,
      c === 'b'
        ? "[\\b] is JavaScript's backspace; Java has no such escape in a class: write \\x08"
        : `\\${c} cannot stand in a class`,
    );
  }
  s.i = at + 2;
  switch (c) {
    case 'u': {
      const hex = /^[0-9A-Fa-f]{4}/.exec(p.slice(s.i));
      if (hex === null) {
        s.refuse(
          p[s.i] === '{' ? p.slice(at, p.indexOf('}', at) + 1 || p.length) : '\\u',
          at,
          p[s.i] === '{' ? "\\u{…} is JavaScript's code point escape; Java writes \\x{…}" : '\\u needs four hex digits',
        );
      }
      s.out += `\\u${hex[0]}`;
      s.i += 4;
      return;
    }
    case 'x': {
      const m = /^(\{([0-9A-Fa-f]+)\}|[0-9A-Fa-f]{2})/.exec(p.slice(s.i));
      if (m === null) s.refuse('\\x', at, '\\x needs two hex digits, or {hex}');
      s.out += m[2] === undefined ? `\\x${m[0]}` : `\\u{${m[2]}}`;
      s.i += m[0].length;
      return;
    }
    case 'c':
      if (s.i >= p.length) s.refuse('\\c', at, '\\c needs a letter after it');
      s.out += `\\c${p[s.i]}`;
      s.i++;
      return;
    case 'k': {
      const m = /^<([A-Za-z][A-Za-z0-9]*)>/.exec(p.slice(s.i));
      if (m === null) s.refuse('\\k', at, '\\k needs a group name in <>');
      if (!s.names.has(m[1] as string)) {
        s.refuse(`\\k<${m[1]}>`, at, `a reference to the group ${m[1]} before (or without) its definition`);
      }
      s.out += `\\k${m[0]}`;
      s.i += m[0].length;
      return;
    }
    case 'p':
    case 'P':
      property(s, c, at);
      return;
    case 'N': {
      const m = /^\{([^}]*)\}/.exec(p.slice(s.i));
      if (m === null) s.refuse('\\N', at, '\\N needs a character name in {}');
      s.hostCannot(`\\N${m[0]}`, at, 'a character by its name: write the character');
      s.i += m[0].length;
      return;
    }
    case 'b':
      if (p.startsWith('{g}', s.i)) {
        s.hostCannot('\\b{g}', at, 'grapheme boundaries');
        s.i += 3;
      }
      s.out += '\\b';
      return;
    case 'A':
      s.out += '^';
      return;
    case 'z':
      s.out += '$';
      return;
    case 'Z':
      s.out += '(?=\\n?$)';
      return;
    case 'G':
      return;
    case 'h':
      s.out += inClass ? HORIZONTAL : `[${HORIZONTAL}]`;
      return;
    case 'H':
    case 'V':
      if (inClass) s.hostCannot(`[\\${c}]`, at, `\\${c} inside a class`);
      s.out += `[^${c === 'H' ? HORIZONTAL : VERTICAL}]`;
      return;
    case 'v':
      // Java's \v is any vertical whitespace; JavaScript's is the vertical tab alone.
      s.out += inClass ? VERTICAL : `[${VERTICAL}]`;
      return;
    case 'R':
      s.out += '(?:\\r\\n|[\\n\\x0B\\f\\r\\x85\\u2028\\u2029])';
      return;
    case 'X':
      s.out += '(?:\\P{M}\\p{M}*)';
      return;
    case 'e':
      s.out += '\\x1B';
      return;
    case 'a':
      s.out += '\\x07';
      return;
    default:
      s.out += `\\${c}`;
  }
}

function property(s: EscapeScanner, c: string, at: number): void {
  const p = s.p;
  const m = /^(\{(\^?)([^}]*)\}|[A-Za-z])/.exec(p.slice(s.i));
  if (m === null) s.refuse(`\\${c}`, at, `\\${c} needs a property: \\${c}{L}, \\${c}L`);
  const name = (m[3] ?? m[1]) as string;
  const negated = (c === 'P') !== (m[2] === '^');
  s.i += m[0].length;
  const posix = POSIX[name.replace(/^Is(?=Lower|Upper|Alpha|Digit|Alnum|Punct|Space)/, '')];
  if (posix !== undefined) {
    s.out += `[${negated ? '^' : ''}${posix}]`;
    return;
  }
  const js = name.replace(/^Is(?=[A-Z][a-z])/, 'Script=').replace(/^In(?=[A-Z])/, 'Block=');
  if (js.startsWith('Block=')) s.hostCannot(`\\${c}{${name}}`, at, 'Unicode blocks');
  s.out += `\\${negated ? 'P' : 'p'}{${js}}`;
}
