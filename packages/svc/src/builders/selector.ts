// The shared selector parser of SPEC 4.4: the flag sets a command's selector input names (contracts/actions/define.ts
// SelectorFlags). Pure: it takes the collected flag values and returns the matcher.
import type { SelectorFlags } from '../contracts/actions/define.ts';
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

/** `type` uses --text for the text to enter, so it is not one of its selector flags. */
export const ELEMENT_FLAGS_WITHOUT_TEXT = ELEMENT_FLAGS.filter((flag) => flag.field !== 'textEquals');

/** read-value's label: its own flags, and the element flags' spellings as hidden aliases. */
export const LABEL_FLAGS = [
  { keys: ['label', 'text', 'labelText'], field: 'textEquals' },
  { keys: ['labelId', 'id', 'resourceId'], field: 'resourceId' },
  { keys: ['labelDesc', 'desc', 'contentDesc'], field: 'contentDescEquals' },
  { keys: ['labelRef'], field: 'ref' },
] as const;

export type FlagTable = ReadonlyArray<{ readonly keys: readonly string[]; readonly field: string }>;

/** Each flag set: the key of its JSON flag (none for labels) and its shorthand table. */
export const SELECTOR_FLAG_SETS: Readonly<Record<SelectorFlags, { json?: string; table: FlagTable }>> = {
  element: { json: 'selector', table: ELEMENT_FLAGS },
  'element-without-text': { json: 'selector', table: ELEMENT_FLAGS_WITHOUT_TEXT },
  container: { json: 'containerSelector', table: CONTAINER_FLAGS },
  label: { table: LABEL_FLAGS },
  json: { json: 'selector', table: [] },
};

export const SELECTOR_CONFLICT_MESSAGE =
  'Use --selector or the simple selector flags (--text, --text-contains, --id, --desc, --desc-contains, --role), not both';
export const CONTAINER_CONFLICT_MESSAGE =
  'Use --container-selector or the --container-* flags (--container-text, --container-id, ...), not both';

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

/**
 * The matcher a command's selector input got from its flag set, or undefined when none of its flags was given. A
 * container given as JSON is kept even when empty (the contract then says what is wrong with it).
 */
export function parseSelector(flags: FlagBag, set: SelectorFlags): RawMatcher | undefined {
  const { json, table } = SELECTOR_FLAG_SETS[set];
  const conflict = set === 'container' ? CONTAINER_CONFLICT_MESSAGE : SELECTOR_CONFLICT_MESSAGE;
  const matcher = json === undefined ? fromShorthands(flags, table) : parseOne(flags, json, table, conflict);
  if (!isEmptyMatcher(matcher)) return matcher;
  return set === 'container' && flags.containerSelector !== undefined ? matcher : undefined;
}

/** What a command says when it needs a selector from this flag set and got none. */
export function selectorMissing(verb: string, set: SelectorFlags, instead?: string): string {
  if (set === 'label') return `${verb} needs --label, --label-id, --label-desc or --label-ref`;
  // `type` uses --text for the text to enter, so it is not one of its selector flags.
  const text = set === 'element-without-text' ? '' : '--text, ';
  const or = instead === undefined ? '' : `, or ${instead} instead`;
  return `${verb} needs an element selector: --selector '<json>' or ${text}--text-contains, --id, --desc, --desc-contains, --role, or --ref <eN> of a compact screen${or}`;
}
