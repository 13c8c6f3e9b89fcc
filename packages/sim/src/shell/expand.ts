// Parameter expansion and field splitting of parsed words. Quoted text is never split; unquoted `$VAR` values are
// split on blanks as IFS does. Globbing is not done (patterns stay literal).
import type { Word } from './parse.ts';

export interface ShellVars {
  /** Exported and plain shell variables (the simulator keeps one table; `export` marks a name exported). */
  readonly values: Map<string, string>;
  readonly exported: Set<string>;
  status: number;
}

function lookup(name: string, vars: ShellVars): string {
  if (name === '?') return String(vars.status);
  if (name === '$') return '4242';
  if (name === '#') return '0';
  if (name === '0') return '/system/bin/sh';
  return vars.values.get(name) ?? '';
}

/** Expands one word into 0..n fields. */
export function expandWord(word: Word, vars: ShellVars): string[] {
  const fields: string[] = [];
  let current = '';
  let hasContent = word.quoted;
  for (const part of word.parts) {
    const value = part.kind === 'text' ? part.text : lookup(part.name, vars);
    if (part.quoted || part.kind === 'text') {
      current += value;
      if (value !== '') hasContent = true;
      continue;
    }
    const pieces = value.split(/[ \t\n]+/);
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? '';
      if (i > 0 && (current !== '' || hasContent)) {
        fields.push(current);
        current = '';
        hasContent = false;
      }
      current += piece;
      if (piece !== '') hasContent = true;
    }
  }
  if (current !== '' || hasContent) fields.push(current);
  return fields;
}

/** Expands a word that must stay one string (assignment values, redirect targets). */
export function expandToString(word: Word, vars: ShellVars): string {
  return word.parts.map((p) => (p.kind === 'text' ? p.text : lookup(p.name, vars))).join('');
}
