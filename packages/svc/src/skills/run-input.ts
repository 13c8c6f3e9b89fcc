// Checks on the inputs of a skill run that every surface shares (CLI flags, HTTP body, MCP tool arguments), so a
// bad value fails the same way everywhere: EXECUTION_VALIDATION_FAILED (400) naming the field in details.path, the
// code every route-local and CLI parameter check of svc uses (server/request-fields.ts, docs/decisions.md C-CLI-1).
import { SvcError } from '../contracts/errors.ts';

/** The longest delay a Node timer can wait; a larger value would fire at once instead of never. */
export const MAX_SKILL_TIMEOUT_MS = 2_147_483_647;

function invalid(path: string, message: string): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', message, { path });
}

/** SPEC 4.1: a positive integer (up to the timer limit). */
export function checkTimeoutMs(value: unknown, path = 'timeoutMs'): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0 || value > MAX_SKILL_TIMEOUT_MS) {
    throw invalid(path, `${path} must be a positive integer of milliseconds (at most ${MAX_SKILL_TIMEOUT_MS}).`);
  }
  return value;
}

/**
 * SPEC 4.2: "each args item stringified". Strings pass as they are, numbers and booleans as their text, null as
 * `null`, objects and arrays as their JSON, so a script can always parse what it was given.
 */
export function stringifyArgs(value: unknown, path = 'args'): string[] {
  if (!Array.isArray(value)) throw invalid(path, `${path} must be an array.`);
  return value.map((item, i) => {
    const text = argText(item);
    // No process argument can hold a NUL, and other control characters (tab and line breaks aside) are no text.
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) {
      throw invalid(`${path}[${i}]`, `${path}[${i}] must not contain control characters.`);
    }
    return text;
  });
}

function argText(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint') return String(item);
  if (item === undefined) return 'undefined';
  return JSON.stringify(item);
}

export function checkExpectContains(value: unknown, path = 'expectContains'): string {
  if (typeof value !== 'string') throw invalid(path, `${path} must be a string.`);
  return value;
}
