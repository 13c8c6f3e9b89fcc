// Parameter expansion, field splitting and pathname expansion of parsed words. Quoted text is never split; unquoted
// `$VAR` values are split on blanks as IFS does. An unquoted `*` or `?` in the word's own text makes the field a
// pattern over the device's files (sorted matches; no match leaves the word as it is, as POSIX sh does).
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

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field as a pattern: its unquoted text's `*` and `?` match within one path segment. */
function patternOf(part: { text: string; quoted: boolean }): { source: string; glob: boolean } {
  if (part.quoted || !/[*?]/.test(part.text)) return { source: escapeRegex(part.text), glob: false };
  let source = '';
  for (const ch of part.text) source += ch === '*' ? '[^/]*' : ch === '?' ? '[^/]' : escapeRegex(ch);
  return { source, glob: true };
}

/** Matches of an absolute pattern among the device's paths (files and the directories holding them), sorted. */
function globMatches(source: string, paths: Iterable<string>): string[] {
  const re = new RegExp(`^${source}$`);
  const candidates = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let i = 2; i <= parts.length; i++) candidates.add(parts.slice(0, i).join('/'));
  }
  return [...candidates].filter((p) => re.test(p)).sort();
}

/**
 * Expands one word into 0..n fields; with `paths` (the device's file paths), an unquoted pattern in the word's own
 * text expands to the matching paths.
 */
export function expandWord(word: Word, vars: ShellVars, paths?: () => Iterable<string>): string[] {
  const fields = expandFields(word, vars);
  if (!paths || fields.length !== 1 || !fields[0]?.glob) return fields.map((f) => f.text);
  const matches = globMatches(fields[0].source, paths());
  return matches.length > 0 ? matches : [fields[0].text];
}

interface Field {
  text: string;
  source: string;
  glob: boolean;
}

function expandFields(word: Word, vars: ShellVars): Field[] {
  const fields: Field[] = [];
  let current = '';
  let source = '';
  let glob = false;
  let hasContent = word.quoted;
  for (const part of word.parts) {
    const value = part.kind === 'text' ? part.text : lookup(part.name, vars);
    if (part.quoted || part.kind === 'text') {
      current += value;
      const pattern = part.kind === 'text' ? patternOf(part) : { source: escapeRegex(value), glob: false };
      source += pattern.source;
      glob ||= pattern.glob;
      if (value !== '') hasContent = true;
      continue;
    }
    const pieces = value.split(/[ \t\n]+/);
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] ?? '';
      if (i > 0 && (current !== '' || hasContent)) {
        fields.push({ text: current, source, glob });
        current = '';
        source = '';
        glob = false;
        hasContent = false;
      }
      current += piece;
      source += escapeRegex(piece);
      if (piece !== '') hasContent = true;
    }
  }
  if (current !== '' || hasContent) fields.push({ text: current, source, glob });
  return fields;
}

/** Expands a word that must stay one string (assignment values, redirect targets). */
export function expandToString(word: Word, vars: ShellVars): string {
  return word.parts.map((p) => (p.kind === 'text' ? p.text : lookup(p.name, vars))).join('');
}
