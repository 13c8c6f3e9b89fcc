// The shared selector parser of SPEC 4.4 (click, read, wait, scroll-until, scroll-and-click, wait-for-nav; `type`
// uses a subset). Pure: it takes the collected flag values and returns the matcher and the optional container.
import { SvcError } from '../contracts/errors.ts';
import { type FlagBag, single } from './flag-values.ts';

/** A raw NodeMatcher: shorthand flags give canonical keys; `--selector` JSON passes through for the validator. */
export type RawMatcher = Record<string, unknown>;

/** Shorthand element flags: option keys (flag and aliases) → matcher field. */
export const ELEMENT_FLAGS = [
  { keys: ['text'], field: 'textEquals' },
  { keys: ['textContains'], field: 'textContains' },
  { keys: ['id', 'resourceId'], field: 'resourceId' },
  { keys: ['desc', 'contentDesc'], field: 'contentDescEquals' },
  { keys: ['descContains', 'contentDescContains'], field: 'contentDescContains' },
  { keys: ['role'], field: 'role' },
  { keys: ['ref'], field: 'ref' },
] as const;

export const CONTAINER_FLAGS = [
  { keys: ['containerText'], field: 'textEquals' },
  { keys: ['containerTextContains'], field: 'textContains' },
  { keys: ['containerId', 'containerResourceId'], field: 'resourceId' },
  { keys: ['containerDesc', 'containerContentDesc'], field: 'contentDescEquals' },
  { keys: ['containerDescContains', 'containerContentDescContains'], field: 'contentDescContains' },
  { keys: ['containerRole'], field: 'role' },
  { keys: ['containerRef'], field: 'ref' },
] as const;

export const SELECTOR_CONFLICT_MESSAGE =
  'Use --selector or the simple selector flags (--text, --text-contains, --id, --desc, --desc-contains, --role), not both';
export const CONTAINER_CONFLICT_MESSAGE =
  'Use --container-selector or the --container-* flags (--container-text, --container-id, ...), not both';

type FlagTable = ReadonlyArray<{ readonly keys: readonly string[]; readonly field: string }>;

/** Parses a `--selector`-style JSON value; it must be a JSON object. */
export function parseMatcherJson(value: string, flag: string): RawMatcher {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch (error) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${flag} must be a JSON object: ${(error as Error).message}`, {
      path: flag,
      flag,
      reason: 'notJson',
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${flag} must be a JSON object, like '{"textEquals":"OK"}'`, {
      path: flag,
      flag,
      reason: 'notAnObject',
    });
  }
  return parsed as RawMatcher;
}

function fromShorthands(flags: FlagBag, table: FlagTable): RawMatcher {
  const matcher: RawMatcher = {};
  for (const { keys, field } of table) {
    const value = single(flags, keys);
    if (value !== undefined) matcher[field] = value;
  }
  return matcher;
}

function parseOne(flags: FlagBag, jsonKey: string, table: FlagTable, conflict: string): RawMatcher {
  const json = single(flags, [jsonKey]);
  const shorthands = fromShorthands(flags, table);
  const flag = jsonKey === 'selector' ? '--selector' : '--container-selector';
  if (json === undefined) return shorthands;
  if (Object.keys(shorthands).length > 0) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', conflict, { path: flag, flag, reason: 'conflict' });
  }
  return parseMatcherJson(json, flag);
}

export interface ParsedSelector {
  /** Empty when no element flag was given; the command decides whether one is required. */
  matcher: RawMatcher;
  /** Absent when no container flag was given (params.container is then omitted). */
  container?: RawMatcher;
}

export function parseSelectorFlags(flags: FlagBag, elementTable: FlagTable = ELEMENT_FLAGS): ParsedSelector {
  const matcher = parseOne(flags, 'selector', elementTable, SELECTOR_CONFLICT_MESSAGE);
  const container = parseOne(flags, 'containerSelector', CONTAINER_FLAGS, CONTAINER_CONFLICT_MESSAGE);
  return Object.keys(container).length > 0 || flags.containerSelector !== undefined
    ? { matcher, container }
    : { matcher };
}

export function isEmptyMatcher(matcher: RawMatcher): boolean {
  return Object.keys(matcher).length === 0;
}

/** Throws the validation error a command gives when it needs an element selector and got none. */
export function requireMatcher(matcher: RawMatcher, command: string, path: string): RawMatcher {
  if (isEmptyMatcher(matcher)) {
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      // `type` uses --text for the text to enter, so it is not one of its selector flags (SPEC 4.4).
      `${command} needs an element selector: --selector '<json>' or ${command === 'type' ? '' : '--text, '}--text-contains, --id, --desc, --desc-contains, --role`,
      { path },
    );
  }
  return matcher;
}
