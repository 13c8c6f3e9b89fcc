// A POSIX-shell parser for the command lines adb sends to the device's `sh` (mksh): words with single quotes,
// double quotes and backslashes, `$VAR` / `${VAR}` / `$?`, redirections, pipelines, `&&`, `||`, `;`, `&` and
// newlines.
// It is a real word splitter on purpose: a quoting bug on the host must reach a command as a wrong argument.

export type WordPart =
  | { readonly kind: 'text'; readonly text: string; readonly quoted: boolean }
  | { readonly kind: 'var'; readonly name: string; readonly quoted: boolean };

export interface Word {
  readonly parts: readonly WordPart[];
  /** Had quotes, so it stays a (possibly empty) argument even when it expands to nothing. */
  readonly quoted: boolean;
}

export interface Redirect {
  readonly fd: number;
  /** `>` `>>` `<`, or `>&` / `<&` (duplicate a descriptor). */
  readonly op: '>' | '>>' | '<' | '>&' | '<&';
  readonly target: Word;
}

export interface SimpleCommand {
  readonly assignments: readonly { name: string; value: Word }[];
  readonly words: readonly Word[];
  readonly redirects: readonly Redirect[];
}

export interface Pipeline {
  readonly negated: boolean;
  readonly commands: readonly SimpleCommand[];
}

export interface AndOrList {
  readonly first: Pipeline;
  readonly rest: readonly { op: '&&' | '||'; pipeline: Pipeline }[];
  /** Ended by `&`: runs in the background while the script goes on. */
  readonly background: boolean;
}

export type Script = readonly AndOrList[];

export class ShellSyntaxError extends Error {}

type Token =
  | { kind: 'word'; word: Word }
  | { kind: 'op'; op: ';' | '&' | '|' | '&&' | '||' | '\n' }
  | { kind: 'redir'; fd: number; op: Redirect['op'] };

const BLANK = new Set([' ', '\t']);
const BREAKS = new Set([' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')']);

/** Splits a command line into tokens; quote removal happens here, expansion later. */
export function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let parts: WordPart[] = [];
  let quoted = false;
  let started = false;
  const text = (t: string, q: boolean) => {
    const last = parts.at(-1);
    if (last?.kind === 'text' && last.quoted === q)
      parts[parts.length - 1] = { kind: 'text', text: last.text + t, quoted: q };
    else parts.push({ kind: 'text', text: t, quoted: q });
    started = true;
  };
  const flush = () => {
    if (started) tokens.push({ kind: 'word', word: { parts, quoted } });
    parts = [];
    quoted = false;
    started = false;
  };
  const readVar = (q: boolean): void => {
    const next = line[i + 1];
    if (next === '(') throw new ShellSyntaxError('command substitution $(...) is not supported by the simulator');
    if (next === '{') {
      const end = line.indexOf('}', i + 2);
      if (end < 0) throw new ShellSyntaxError('${: bad substitution');
      const name = line.slice(i + 2, end);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?#$0-9])$/.test(name))
        throw new ShellSyntaxError(`\${${name}}: bad substitution`);
      parts.push({ kind: 'var', name, quoted: q });
      started = true;
      i = end + 1;
      return;
    }
    const match = /^([A-Za-z_][A-Za-z0-9_]*|[?#$0-9])/.exec(line.slice(i + 1));
    if (!match?.[1]) {
      text('$', q);
      i++;
      return;
    }
    parts.push({ kind: 'var', name: match[1], quoted: q });
    started = true;
    i += 1 + match[1].length;
  };

  while (i < line.length) {
    const c = line[i] as string;
    if (c === '#' && !started) {
      while (i < line.length && line[i] !== '\n') i++;
    } else if (BLANK.has(c)) {
      flush();
      i++;
    } else if (c === '\\') {
      const next = line[i + 1];
      if (next === undefined) text('\\', false);
      else if (next !== '\n') {
        text(next, true);
        quoted = true;
      }
      i += 2;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError('no closing quote');
      text(line.slice(i + 1, end), true);
      quoted = true;
      i = end + 1;
    } else if (c === '"') {
      quoted = true;
      started = true;
      i++;
      for (;;) {
        const d = line[i];
        if (d === undefined) throw new ShellSyntaxError('no closing quote');
        if (d === '"') break;
        if (d === '\\' && '$`"\\\n'.includes(line[i + 1] ?? '')) {
          if (line[i + 1] !== '\n') text(line[i + 1] as string, true);
          i += 2;
        } else if (d === '$') readVar(true);
        else if (d === '`') throw new ShellSyntaxError('command substitution `...` is not supported by the simulator');
        else {
          text(d, true);
          i++;
        }
      }
      i++;
    } else if (c === '$') {
      readVar(false);
    } else if (c === '`') {
      throw new ShellSyntaxError('command substitution `...` is not supported by the simulator');
    } else if (c === '<' || c === '>') {
      // A word of digits right before the operator is the descriptor (`2>`), not an argument.
      const only = parts.length === 1 ? parts[0] : undefined;
      let fd = c === '<' ? 0 : 1;
      if (only?.kind === 'text' && !only.quoted && /^\d$/.test(only.text)) {
        fd = Number(only.text);
        parts = [];
        started = false;
      } else flush();
      const two = line.slice(i, i + 2);
      let op: Redirect['op'];
      if (two === '>>' || two === '>&' || two === '<&') op = two;
      else if (two === '<<') throw new ShellSyntaxError('here documents are not supported by the simulator');
      else if (two === '>|') op = '>';
      else op = c;
      i += op.length === 2 || two === '>|' ? 2 : 1;
      tokens.push({ kind: 'redir', fd, op });
    } else if (c === '(' || c === ')') {
      throw new ShellSyntaxError(`syntax error: '${c}' unexpected`);
    } else if (BREAKS.has(c)) {
      flush();
      const two = line.slice(i, i + 2);
      if (two === '&&' || two === '||') {
        tokens.push({ kind: 'op', op: two });
        i += 2;
      } else {
        tokens.push({ kind: 'op', op: c as ';' | '&' | '|' | '\n' });
        i++;
      }
    } else {
      text(c, false);
      i++;
    }
  }
  flush();
  return tokens;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=/;

export function parse(line: string): Script {
  const tokens = tokenize(line);
  let pos = 0;
  const peek = () => tokens[pos];
  const unexpected = (t: Token | undefined): never => {
    let shown = 'end of file';
    if (t?.kind === 'op') shown = t.op === '\n' ? 'newline' : t.op;
    else if (t?.kind === 'redir') shown = t.op;
    else if (t?.kind === 'word') shown = t.word.parts.map((p) => (p.kind === 'text' ? p.text : `$${p.name}`)).join('');
    throw new ShellSyntaxError(`syntax error: '${shown}' unexpected`);
  };
  const skipNewlines = () => {
    for (let t = peek(); t?.kind === 'op' && t.op === '\n'; t = peek()) pos++;
  };

  const command = (): SimpleCommand => {
    const assignments: { name: string; value: Word }[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let t = peek(); t && t.kind !== 'op'; t = peek()) {
      pos++;
      if (t.kind === 'redir') {
        const target = peek();
        if (target?.kind !== 'word') unexpected(target);
        pos++;
        redirects.push({ fd: t.fd, op: t.op, target: (target as { word: Word }).word });
        continue;
      }
      const first = t.word.parts[0];
      const match = first?.kind === 'text' && !first.quoted ? ASSIGNMENT.exec(first.text) : null;
      if (words.length === 0 && match?.[1] && first?.kind === 'text') {
        const rest: WordPart[] = [{ ...first, text: first.text.slice(match[0].length) }, ...t.word.parts.slice(1)];
        assignments.push({ name: match[1], value: { parts: rest, quoted: true } });
      } else words.push(t.word);
    }
    if (words.length === 0 && assignments.length === 0 && redirects.length === 0) unexpected(peek());
    return { assignments, words, redirects };
  };

  const pipeline = (): Pipeline => {
    let negated = false;
    const head = peek();
    if (head?.kind === 'word' && head.word.parts.length === 1 && !head.word.quoted) {
      const p = head.word.parts[0];
      if (p?.kind === 'text' && p.text === '!') {
        negated = true;
        pos++;
      }
    }
    const commands = [command()];
    for (let t = peek(); t?.kind === 'op' && t.op === '|'; t = peek()) {
      pos++;
      skipNewlines();
      commands.push(command());
    }
    return { negated, commands };
  };

  const script: AndOrList[] = [];
  skipNewlines();
  while (pos < tokens.length) {
    const first = pipeline();
    const rest: { op: '&&' | '||'; pipeline: Pipeline }[] = [];
    for (let t = peek(); t?.kind === 'op' && (t.op === '&&' || t.op === '||'); t = peek()) {
      pos++;
      skipNewlines();
      rest.push({ op: t.op, pipeline: pipeline() });
    }
    const sep = peek();
    script.push({ first, rest, background: sep?.kind === 'op' && sep.op === '&' });
    if (sep === undefined) break;
    if (sep.kind !== 'op' || sep.op === '|' || sep.op === '&&' || sep.op === '||') unexpected(sep);
    pos++;
    skipNewlines();
  }
  return script;
}
