// Kotlin's `Regex(pattern)` as the app meets it on a phone: java.util.regex.Pattern, which Android implements with
// ICU's regular expressions. Java's syntax per the Pattern class documentation (OpenJDK 17), plus ICU's limit that a
// look-behind has a bounded length (ICU user guide, "Regular Expressions"). A pattern Java refuses throws
// PatternSyntaxException, an IllegalArgumentException, which the parser lets out (AgentCommandParser.kt:191-205 @
// v0.5.2), so the whole payload is dropped. A pattern Java takes is run as a JavaScript RegExp with the same meaning
// for the constructs a validator uses: inline flags, possessive quantifiers, atomic groups, \A \z \Z, \Q…\E, \h, \x{…},
// POSIX classes. (Class unions and intersections compile, and match as their first class.)
import { IllegalArgumentException } from './kotlin.ts';

class PatternSyntaxException extends IllegalArgumentException {
  override readonly javaClass = 'java.util.regex.PatternSyntaxException';
  constructor(description: string, pattern: string, index: number) {
    super(`${description} near index ${index}\n${pattern}`);
  }
}

const KNOWN_LETTER_ESCAPES = 'tnrfaedDsSwWhHvVRXbBAGZzkuxcpPNQE';
const POSIX_CLASSES: Record<string, string> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '!-\\/:-@\\[-`{-~',
  Space: ' \\t\\n\\x0B\\f\\r',
  XDigit: '0-9a-fA-F',
  ASCII: '\\x00-\\x7F',
};

/** Pattern.compile(pattern) as a RegExp, or the PatternSyntaxException Java throws. */
export function compileJavaRegex(pattern: string): RegExp {
  let flags = '';
  let i = 0;
  const lead = /^\(\?([imsxudU]+)\)/.exec(pattern);
  if (lead) {
    flags = [...new Set((lead[1] as string).replace(/[^ims]/g, ''))].join('');
    i = lead[0].length;
  }
  const comments = lead?.[1]?.includes('x') ?? false;
  const fail = (description: string, at: number): never => {
    throw new PatternSyntaxException(description, pattern, at);
  };
  const names: string[] = [];
  const open: boolean[] = []; // one per open group: is it a look-behind
  let out = '';
  let canRepeat = false;

  const escapeAt = (at: number, inClass: boolean): [string, number] => {
    const c = pattern[at + 1];
    if (c === undefined) return fail('Unexpected internal error', at + 1);
    if (c === '0') {
      const m = /^[0-7]{1,3}/.exec(pattern.slice(at + 2));
      if (!m) return fail('Illegal octal escape sequence', at + 2);
      return [`\\x${Number.parseInt(m[0], 8).toString(16).padStart(2, '0')}`, 2 + m[0].length];
    }
    if (/[1-9]/.test(c)) return [`\\${c}`, 2];
    if (!/[a-zA-Z]/.test(c)) return [/[\^$\\.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c, 2];
    if (!KNOWN_LETTER_ESCAPES.includes(c) || (inClass && c === 'b')) {
      return fail('Illegal/unsupported escape sequence', at + 1);
    }
    const rest = pattern.slice(at + 2);
    switch (c) {
      case 'u': {
        const m = /^[0-9a-fA-F]{4}/.exec(rest);
        return m ? [`\\u${m[0]}`, 6] : fail('Illegal Unicode escape sequence', at + 2);
      }
      case 'x': {
        const m = /^(?:\{([0-9a-fA-F]+)\}|[0-9a-fA-F]{2})/.exec(rest);
        if (!m) return fail('Illegal hexadecimal escape sequence', at + 2);
        return [m[1] === undefined ? `\\x${m[0]}` : `\\u{${m[1]}}`, 2 + m[0].length];
      }
      case 'k': {
        const m = /^<([a-zA-Z][a-zA-Z0-9]*)>/.exec(rest);
        if (!m || !names.includes(m[1] as string)) {
          return fail(`named capturing group <${m?.[1] ?? ''}> does not exist`, at + 2);
        }
        return [`\\k${m[0]}`, 2 + m[0].length];
      }
      case 'p':
      case 'P': {
        const m = /^(?:\{(\^?)([^}]*)\}|([A-Za-z]))/.exec(rest);
        if (!m) return fail('Illegal character property', at + 2);
        const name = (m[2] ?? m[3]) as string;
        const negate = (c === 'P') !== (m[1] === '^');
        const posix = POSIX_CLASSES[name.replace(/^Is/, '')];
        if (posix) return [`[${negate ? '^' : ''}${posix}]`, 2 + m[0].length];
        const js = name.replace(/^java(Lower|Upper)Case$/, (_, w: string) => (w === 'Lower' ? 'Ll' : 'Lu'));
        return [`\\${negate ? 'P' : 'p'}{${js.replace(/^Is(?=[A-Z][a-z])/, 'Script=')}}`, 2 + m[0].length];
      }
      case 'Q': {
        const end = pattern.indexOf('\\E', at + 2);
        const text = pattern.slice(at + 2, end === -1 ? undefined : end);
        const quoted = [...text].map((ch) => (/[\^$\\.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch)).join('');
        return [quoted, (end === -1 ? pattern.length : end + 2) - at];
      }
      case 'E':
        return ['', 2];
      case 'A':
        return ['^', 2];
      case 'z':
        return ['$', 2];
      case 'Z':
        return ['(?=\\n?$)', 2];
      case 'G':
        return ['', 2];
      case 'h':
        return [inClass ? '\\t \\xA0\\u2000-\\u200A' : '[\\t \\xA0\\u2000-\\u200A]', 2];
      case 'e':
        return ['\\x1B', 2];
      case 'a':
        return ['\\x07', 2];
      case 'R':
        return ['(?:\\r\\n|[\\n\\x0B\\f\\r\\x85\\u2028\\u2029])', 2];
      case 'c':
        return [`\\c${pattern[at + 2] ?? fail('Illegal control escape sequence', at + 2)}`, 3];
      default:
        return [`\\${c}`, 2];
    }
  };

  const repeat = (at: number, token: string, unbounded: boolean) => {
    if (!canRepeat) fail(`Dangling meta character '${pattern[at]}'`, at);
    // ICU: "Look-Behind pattern matches must have a bounded maximum length".
    if (unbounded && open.includes(true)) fail('Look-Behind pattern matches must have a bounded maximum length', at);
    let length = token.length;
    let js = token;
    if (pattern[at + length] === '?') {
      js += '?';
      length++;
    } else if (pattern[at + length] === '+') length++; // possessive: greedy matches the same whole texts
    const next = pattern[at + length];
    if (next !== undefined && '*+?'.includes(next)) fail(`Dangling meta character '${next}'`, at + length);
    out += js;
    canRepeat = false;
    return length;
  };

  while (i < pattern.length) {
    const c = pattern[i] as string;
    if (comments && /\s/.test(c)) {
      i++;
      continue;
    }
    if (comments && c === '#') {
      const nl = pattern.indexOf('\n', i);
      i = nl === -1 ? pattern.length : nl + 1;
      continue;
    }
    if (c === '\\') {
      const [js, length] = escapeAt(i, false);
      out += js;
      i += length;
      canRepeat = true;
    } else if (c === '[') {
      let j = i + 1;
      let js = '[';
      if (pattern[j] === '^') {
        js += '^';
        j++;
      }
      if (pattern[j] === ']') {
        js += '\\]'; // a `]` first in a class is a literal
        j++;
      }
      let depth = 1;
      while (depth > 0) {
        const ch = pattern[j];
        if (ch === undefined) fail('Unclosed character class', j - 1);
        if (ch === '\\') {
          const [e, length] = escapeAt(j, true);
          js += e;
          j += length;
        } else if (ch === '[') {
          depth++;
          j++;
        } else if (ch === ']') {
          depth--;
          if (depth === 0) js += ']';
          j++;
        } else if (ch === '&' && pattern[j + 1] === '&') {
          j += 2;
        } else {
          js += ch;
          j++;
        }
      }
      out += js;
      i = j;
      canRepeat = true;
    } else if (c === '(') {
      const rest = pattern.slice(i + 1);
      const name = /^\?<([^>=!]*)>/.exec(rest);
      const look = /^\?(<=|<!|=|!|:|>)/.exec(rest);
      const inline = /^\?([imsxudUc]*)(?:-([imsxudUc]*))?([:)])/.exec(rest);
      if (name) {
        const n = name[1] as string;
        if (!/^[a-zA-Z]/.test(n)) fail('capturing group name does not start with a Latin letter', i + 3);
        if (!/^[a-zA-Z0-9]*$/.test(n)) fail("named capturing group is missing trailing '>'", i + 3);
        if (names.includes(n)) fail(`Named capturing group <${n}> is already defined`, i + 3 + n.length);
        names.push(n);
        open.push(false);
        out += `(?<${n}>`;
        i += 1 + name[0].length;
      } else if (look) {
        const kind = look[1] as string;
        open.push(kind.startsWith('<'));
        out += kind === '>' ? '(?:' : `(?${kind}`;
        i += 1 + look[0].length;
      } else if (inline) {
        const head = inline;
        const keep = (f = '') => [...f].filter((x) => 'ims'.includes(x)).join('');
        const on = keep(head[1]);
        const off = keep(head[2]);
        if (head[3] === ':') {
          open.push(false);
          out += on || off ? `(?${on}${off ? `-${off}` : ''}:` : '(?:';
        }
        // A switch in the middle (`a(?i)b`) is taken by Java; here it only reaches the flags it can.
        i += 1 + head[0].length;
      } else if (rest.startsWith('?')) {
        fail('Unknown inline modifier', i + 2);
      } else {
        open.push(false);
        out += '(';
        i++;
      }
      canRepeat = false;
    } else if (c === ')') {
      if (open.pop() === undefined) fail("Unmatched closing ')'", i);
      out += ')';
      i++;
      canRepeat = true;
    } else if (c === '*' || c === '+' || c === '?') {
      i += repeat(i, c, c !== '?');
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
      if (!m) throw new PatternSyntaxException('Illegal repetition', pattern, i);
      if (m[3] && Number(m[3]) < Number(m[1])) fail('Illegal repetition range', i);
      i += repeat(i, m[0], m[2] !== undefined && !m[3]);
    } else {
      out += c === ']' || c === '}' ? `\\${c}` : c;
      i++;
      canRepeat = c !== '|' && c !== '^';
    }
  }
  if (open.length > 0) fail('Unclosed group', pattern.length);
  try {
    return new RegExp(out, `${flags}u`);
  } catch {
    return new RegExp(out, flags);
  }
}
