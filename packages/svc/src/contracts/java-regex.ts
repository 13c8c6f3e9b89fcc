// Validator patterns in Java's dialect. The operator app compiles `validatorPattern` with Kotlin's Regex, which is
// java.util.regex.Pattern, while it parses the payload (AgentCommandParser.kt:191-205 @ v0.5.2): a pattern Java
// refuses drops the whole execution unanswered. On Android, Pattern is ICU's regular expressions (libcore), whose
// syntax is Java's with one limit that matters here: a look-behind must have a bounded length (ICU user guide,
// "Regular Expressions": `(?<= ...)` "must be of bounded length, no * or + operators").
//
// No maintained npm library checks Java's syntax, so this scanner does, for what differs from JavaScript's RegExp:
// it names the construct Java refuses that JavaScript takes (`(?<my_name>`, `\u{…}`, `[^]`, `\0`, `[\b]`, an
// escape Java does not define, a literal `{`, an unbounded look-behind, a named back-reference before its group)
// and writes the pattern as JavaScript for the adb driver, which matches on the host: inline flags, possessive
// quantifiers, atomic groups, `\A \Z \z`, `\Q…\E`, `\h`, `\x{…}`, `\e`, `\a` and the POSIX classes become their
// JavaScript forms. What the two read differently but both accept (`\v`, `[]a]`) is taken as Java reads it where the
// translation can, else as written. The cases were checked against a JVM (java-regex.test.ts).

import { escapeInto, type JavaRegexProblem, Refused } from './java-regex-escape.ts';

export type { JavaRegexProblem } from './java-regex-escape.ts';

/** The pattern as JavaScript reads it: its source (with `u`) and the flags of Java's leading inline flags. */
export interface JsForm {
  readonly source: string;
  readonly flags: string;
}

/** Java's verdict on a validator pattern: undefined when it compiles, else the first construct it refuses. */
export function javaRegexProblem(pattern: string): JavaRegexProblem | undefined {
  try {
    new Scanner(pattern, false).run();
    return undefined;
  } catch (error) {
    if (error instanceof Refused) return error.problem;
    throw error;
  }
}

/**
 * A pattern Java takes, as a JavaScript RegExp for the adb driver, or why the host cannot match it (a construct of
 * Java's that JavaScript has no form of).
 */
export function javaRegexOnHost(pattern: string): { regex: RegExp } | { problem: JavaRegexProblem } {
  try {
    const { source, flags } = new Scanner(pattern, true).run();
    try {
      return { regex: new RegExp(source, flags) };
    } catch (error) {
      const why = `the adb driver cannot match it on the host (${(error as Error).message})`;
      return { problem: { construct: pattern, index: 0, why } };
    }
  } catch (error) {
    if (error instanceof Refused) return { problem: error.problem };
    throw error;
  }
}

class Scanner {
  readonly p: string;
  /** Writing JavaScript for the host: what it has no form of is refused too (else only what Java refuses). */
  readonly host: boolean;
  i = 0;
  out = '';
  flags = new Set<string>();
  readonly groups: { lookbehind: boolean; comments: boolean }[] = [];
  readonly names = new Set<string>();
  /** Whether the last token can take a quantifier. */
  quantifiable = false;
  comments = false;

  constructor(pattern: string, host: boolean) {
    this.p = pattern;
    this.host = host;
  }

  refuse(construct: string, index: number, why: string): never {
    throw new Refused('java', construct, index, why);
  }

  /** A construct Java takes that the host cannot match: refused only when writing JavaScript. */
  hostCannot(construct: string, index: number, what: string): void {
    if (this.host) throw new Refused('host', construct, index, `the adb driver cannot match ${what}`);
  }

  run(): JsForm {
    const p = this.p;
    // Leading inline flags become the RegExp's flags (i, s, m; u and U only widen case rules and classes).
    const lead = /^\(\?([idmsuxU]*)\)/.exec(p);
    if (lead) {
      for (const f of lead[1] as string) this.setFlag(f, true);
      this.i = lead[0].length;
    }
    while (this.i < p.length) this.token();
    const open = this.groups.length;
    if (open > 0) this.refuse('(', p.lastIndexOf('('), 'an unclosed group: add its `)`');
    const flags = [...this.flags].filter((f) => 'ims'.includes(f)).join('');
    return { source: this.out, flags: `${flags}u` };
  }

  setFlag(f: string, on: boolean): void {
    if (f === 'x') this.comments = on;
    else if (on) this.flags.add(f);
    else this.flags.delete(f);
  }

  token(): void {
    const p = this.p;
    const at = this.i;
    const c = p[at] as string;
    if (this.comments && /\s/.test(c)) {
      this.i++;
      return;
    }
    if (this.comments && c === '#') {
      const end = p.indexOf('\n', at);
      this.i = end === -1 ? p.length : end + 1;
      return;
    }
    switch (c) {
      case '\\':
        escapeInto(this, false);
        return;
      case '[':
        this.klass();
        return;
      case '(':
        this.group();
        return;
      case ')': {
        const group = this.groups.pop();
        if (group === undefined) this.refuse(')', at, 'an unmatched `)`: escape it as \\) or add its `(`');
        this.comments = group.comments;
        this.out += ')';
        this.i++;
        this.quantifiable = true;
        return;
      }
      case '*':
      case '+':
      case '?':
        this.quantifier(c, at, c !== '?');
        return;
      case '{':
        this.interval(at);
        return;
      case '|':
      case '^':
      case '$':
        this.out += c;
        this.i++;
        this.quantifiable = c !== '|';
        return;
      default:
        // Java takes a lone `]` or `}` as a literal; JavaScript's `u` mode wants them escaped.
        this.out += c === ']' || c === '}' ? `\\${c}` : c;
        this.i += 1;
        this.quantifiable = true;
    }
  }

  quantifier(c: string, at: number, unbounded: boolean): void {
    if (!this.quantifiable) this.refuse(c, at, `\`${c}\` has nothing to repeat: escape it as \\${c}`);
    if (unbounded) this.boundedLookbehind(c, at);
    this.out += c;
    this.i++;
    this.suffix();
  }

  interval(at: number): void {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.p.slice(at));
    if (m === null) {
      this.refuse(
        '{',
        at,
        'a `{` that is not a repetition {n}, {n,} or {n,m} (JavaScript reads it as a literal, Java refuses it): escape it as \\{',
      );
    }
    if (!this.quantifiable) this.refuse(m[0], at, `\`${m[0]}\` has nothing to repeat`);
    const min = Number(m[1]);
    const max = m[3] === undefined || m[3] === '' ? undefined : Number(m[3]);
    if (max !== undefined && max < min)
      this.refuse(m[0], at, `the repetition ${m[0]} has its maximum below its minimum`);
    if (m[2] !== undefined && max === undefined) this.boundedLookbehind(m[0], at);
    this.out += m[0];
    this.i = at + m[0].length;
    this.suffix();
  }

  /** A lazy `?` stays; a possessive `+` (Java only) becomes greedy, which matches the same whole texts here. */
  suffix(): void {
    const next = this.p[this.i];
    if (next === '?') {
      this.out += '?';
      this.i++;
    } else if (next === '+') this.i++;
    const after = this.p[this.i];
    if (after === '*' || after === '+' || after === '?') {
      this.refuse(after, this.i, `\`${after}\` repeats a repetition: put the repeated part in a group`);
    }
    this.quantifiable = false;
  }

  boundedLookbehind(construct: string, at: number): void {
    if (this.groups.some((g) => g.lookbehind)) {
      this.refuse(
        construct,
        at,
        "an unbounded repetition inside a look-behind: Android's regular expressions need a look-behind of bounded length (use {0,n})",
      );
    }
  }

  group(): void {
    const p = this.p;
    const at = this.i;
    const state = { lookbehind: false, comments: this.comments };
    if (p[at + 1] !== '?') {
      this.groups.push(state);
      this.out += '(';
      this.i++;
      this.quantifiable = false;
      return;
    }
    const rest = p.slice(at + 2);
    const named = /^<([^>=!]*)>/.exec(rest);
    if (named) {
      const name = named[1] as string;
      if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
        this.refuse(
          `(?<${name}>`,
          at,
          'a group name Java does not take: ASCII letters and digits only, starting with a letter (no `_`, `$` or other letters)',
        );
      }
      if (this.names.has(name))
        this.refuse(`(?<${name}>`, at, `a second group named ${name}: Java names each group once`);
      this.names.add(name);
      this.open(state, `(?<${name}>`, 2 + named[0].length);
      return;
    }
    for (const [lead, js] of [
      [':', '(?:'],
      ['=', '(?='],
      ['!', '(?!'],
      ['<=', '(?<='],
      ['<!', '(?<!'],
      // An atomic group keeps no backtracking; as a plain group it matches the same whole texts in nearly all patterns.
      ['>', '(?:'],
    ] as const) {
      if (rest.startsWith(lead)) {
        this.open({ ...state, lookbehind: lead.startsWith('<') }, js, 2 + lead.length);
        return;
      }
    }
    const flags = /^([idmsuxUc]*)(?:-([idmsuxUc]*))?([:)])/.exec(rest);
    if (flags) {
      const [whole, on = '', off = '', end] = flags;
      if (end === ')') {
        // Flags from here on. JavaScript has them only for a whole pattern or a group: the leading ones became the
        // RegExp's flags (run), later ones the host cannot follow (x alone changes only how the pattern is read).
        for (const f of on) this.setFlag(f, true);
        for (const f of off) this.setFlag(f, false);
        if (modifierGroup(on, off) !== '') this.hostCannot(whole, at, 'flags switched in the middle (write (?i:…))');
        this.i = at + 2 + whole.length;
        return;
      }
      const saved = this.comments;
      if (on.includes('x')) this.comments = true;
      if (off.includes('x')) this.comments = false;
      this.open({ ...state, comments: saved }, modifierGroup(on, off) || '(?:', 2 + whole.length);
      return;
    }
    this.refuse(`(?${rest.slice(0, 1)}`, at, 'a group construct Java does not know');
  }

  open(state: { lookbehind: boolean; comments: boolean }, js: string, length: number): void {
    this.groups.push(state);
    this.out += js.endsWith(')') ? js.slice(0, -1) : js;
    this.i += length;
    this.quantifiable = false;
  }

  /** A character class, with Java's nesting (`[a[b]]`) and intersection (`&&`), which JavaScript's `u` lacks. */
  klass(): void {
    const p = this.p;
    const start = this.i;
    this.i++;
    let depth = 1;
    let body = '[';
    if (p[this.i] === '^') {
      body += '^';
      this.i++;
    }
    const emptyLike = p[this.i] === ']';
    if (emptyLike) {
      // Java reads a `]` first in a class as a literal; JavaScript's [] and [^] are classes of their own.
      body += '\\]';
      this.i++;
    }
    while (depth > 0) {
      if (this.i >= p.length) {
        this.refuse(
          emptyLike ? p.slice(start, start + (p[start + 1] === '^' ? 3 : 2)) : '[',
          start,
          emptyLike
            ? "JavaScript's empty class [] or any-character class [^]: Java reads the `]` as a literal and the class never closes; write [\\s\\S] for any character"
            : 'an unclosed character class: add its `]`',
        );
      }
      const ch = p[this.i] as string;
      if (ch === '\\') {
        const before = this.out;
        this.out = '';
        escapeInto(this, true);
        body += this.out;
        this.out = before;
        continue;
      }
      if (ch === '[') {
        // Java nests classes (a union); the host cannot.
        this.hostCannot('[', this.i, 'a class inside a class: write one class');
        depth++;
        body += '[';
        this.i++;
        continue;
      }
      if (ch === '&' && p[this.i + 1] === '&') {
        this.hostCannot('&&', this.i, 'a class intersection: write the class out');
        body += '&&';
        this.i += 2;
        continue;
      }
      if (ch === ']') {
        depth--;
        body += ']';
        this.i++;
        continue;
      }
      body += /[/{}()|]/.test(ch) ? `\\${ch}` : ch;
      this.i++;
    }
    this.out += body;
    this.quantifiable = true;
  }
}

/** A JavaScript modifier group `(?i-s:` for Java's scoped flags (only i, m and s exist there). */
function modifierGroup(on: string, off: string): string {
  const keep = (f: string) => [...f].filter((x) => 'ims'.includes(x)).join('');
  const plus = keep(on);
  const minus = keep(off);
  if (plus === '' && minus === '') return '';
  return `(?${plus}${minus === '' ? '' : `-${minus}`}:`;
}
