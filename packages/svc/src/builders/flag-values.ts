// Reading collected flag values. Every value flag of the CLI is collected into an array (commander argParser
// `collectFlag`), so a builder can tell "given twice" from "given once" and reject repeats (SPEC 4.4), including a
// flag and its alias given together (`--id a --resource-id b`).
import { SvcError } from '../contracts/errors.ts';

/** What commander hands a command action: collected arrays for value flags, booleans for switches. */
export type FlagBag = Readonly<Record<string, unknown>>;

/** commander argParser for value flags: keeps every occurrence. */
export function collectFlag(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Converts a camelCase option key back to the flag the user typed, for messages. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function occurrences(flags: FlagBag, key: string): string[] {
  const value = flags[key];
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.map(String);
  return [String(value)];
}

/**
 * The single value of a flag given under any of `keys` (a flag and its aliases), or undefined when absent.
 * Repeats are syntax errors; blank values are parameter violations unless `allowBlank`.
 */
export function single(flags: FlagBag, keys: readonly string[], options: { allowBlank?: boolean } = {}) {
  const given = keys.flatMap((key) => occurrences(flags, key).map((value) => ({ key, value })));
  if (given.length > 1) {
    const names = [...new Set(given.map((g) => flagName(g.key)))].join(' / ');
    throw new SvcError('CLI_USAGE_ERROR', `${names} was given ${given.length} times; give it once`, {
      path: flagName(keys[0] ?? ''),
      flag: flagName(keys[0] ?? ''),
    });
  }
  const first = given[0];
  if (first === undefined) return undefined;
  if (!options.allowBlank && first.value.trim() === '') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${flagName(first.key)} must not be blank`, {
      path: flagName(first.key),
      flag: flagName(first.key),
    });
  }
  return first.value;
}

export function isSet(flags: FlagBag, key: string): boolean {
  return flags[key] === true;
}
