// The shared selector parser of SPEC 4.4: the flag sets a command's selector input names (contracts/actions/define.ts
// SelectorFlags), each flag written once with its spelling, the matcher field it fills and its help. The commands'
// flags and help (cli/command-kit.ts), this parser, the errors in flag terms and the copy-as all read these tables.
// Pure: it takes the collected flag values and returns the matcher.
import type { SelectorFlags } from '../contracts/actions/define.ts';
import { SvcError } from '../contracts/errors.ts';
import { type FlagBag, single } from './flag-values.ts';
import { flagKey, flagSpelling } from './surfaces.ts';

/** A raw NodeMatcher: shorthand flags give canonical keys; `--selector` JSON passes through for the validator. */
export type RawMatcher = Record<string, unknown>;

/** One selector flag. */
export interface SelectorFlag {
  /** As help shows it, with its value: `--id <resource-id>`. */
  readonly flag: string;
  /** Other spellings, hidden in help (`same as --id`). */
  readonly aliases: readonly string[];
  /** The keys commander stores the flag and its aliases under (`id`, `resourceId`), the flag's first. */
  readonly keys: readonly string[];
  /** The NodeMatcher field it fills. */
  readonly field: string;
  readonly help: string;
}

const flag = (spelling: string, field: string, help: string, aliases: readonly string[] = []): SelectorFlag => ({
  flag: spelling,
  aliases,
  keys: [spelling, ...aliases].map(flagKey),
  field,
  help,
});

/** Shorthand element flags. */
const ELEMENT_FLAGS: readonly SelectorFlag[] = [
  flag('--text <text>', 'textEquals', 'exact text, or label when it shows no text (textEquals)'),
  flag('--text-contains <text>', 'textContains', 'part of the text, or label when it shows no text; any case'),
  flag('--id <resource-id>', 'resourceId', 'exact resource id (<package>:id/<name>)', ['--resource-id']),
  flag('--desc <text>', 'contentDescEquals', 'exact accessibility label (contentDescEquals)', ['--content-desc']),
  flag('--desc-contains <text>', 'contentDescContains', 'part of the accessibility label, any case', [
    '--content-desc-contains',
  ]),
  flag(
    '--role <role>',
    'role',
    'the role a compact screen prints: button, textfield, text, title, listitem, container, icon, ...',
  ),
  flag('--ref <eN>', 'ref', 'an element of the last `snapshot --format compact` (e12), on its own'),
];

const CONTAINER_FLAGS: readonly SelectorFlag[] = [
  flag('--container-text <text>', 'textEquals', 'container by exact text'),
  flag('--container-text-contains <text>', 'textContains', 'container by text substring'),
  flag('--container-id <resource-id>', 'resourceId', 'container by resource id', ['--container-resource-id']),
  flag('--container-desc <text>', 'contentDescEquals', 'container by exact accessibility label', [
    '--container-content-desc',
  ]),
  flag('--container-desc-contains <text>', 'contentDescContains', 'container by label substring', [
    '--container-content-desc-contains',
  ]),
  flag('--container-role <role>', 'role', 'container by role'),
  flag('--container-ref <eN>', 'ref', 'container by a ref of the last `snapshot --format compact`'),
];

/** read-value's label: its own flags, and the element flags' spellings as hidden aliases. */
const LABEL_FLAGS: readonly SelectorFlag[] = [
  flag('--label <text>', 'textEquals', 'label by exact text', ['--text', '--label-text']),
  flag('--label-id <resource-id>', 'resourceId', 'label by resource id', ['--id', '--resource-id']),
  flag('--label-desc <text>', 'contentDescEquals', 'label by accessibility label', ['--desc', '--content-desc']),
  flag('--label-ref <eN>', 'ref', 'label by a ref of the last `snapshot --format compact`, on its own'),
];

/** A set's JSON flag: how it is spelt, the key commander stores it under, its help. */
export interface JsonFlag {
  readonly flag: string;
  readonly key: string;
  readonly help: string;
}

const SELECTOR_JSON: JsonFlag = { flag: '--selector <json>', key: 'selector', help: 'raw NodeMatcher JSON object' };
const CONTAINER_JSON: JsonFlag = {
  flag: '--container-selector <json>',
  key: 'containerSelector',
  help: 'raw NodeMatcher JSON of the container',
};

/** Each flag set: its JSON flag (none for labels) and its shorthand flags. */
export const SELECTOR_FLAG_SETS: Readonly<Record<SelectorFlags, { json?: JsonFlag; table: readonly SelectorFlag[] }>> =
  {
    element: { json: SELECTOR_JSON, table: ELEMENT_FLAGS },
    // `type` uses --text for the text to enter, so it is not one of its selector flags.
    'element-without-text': { json: SELECTOR_JSON, table: ELEMENT_FLAGS.filter((f) => f.field !== 'textEquals') },
    container: { json: CONTAINER_JSON, table: CONTAINER_FLAGS },
    label: { table: LABEL_FLAGS },
    json: { json: SELECTOR_JSON, table: [] },
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

function fromShorthands(flags: FlagBag, table: readonly SelectorFlag[]): RawMatcher {
  const matcher: RawMatcher = {};
  for (const { keys, field } of table) {
    const value = single(flags, keys);
    if (value !== undefined) matcher[field] = value;
  }
  return matcher;
}

function parseOne(flags: FlagBag, jsonFlag: JsonFlag, table: readonly SelectorFlag[], conflict: string): RawMatcher {
  const json = single(flags, [jsonFlag.key]);
  const shorthands = fromShorthands(flags, table);
  const flag = flagSpelling(jsonFlag.flag);
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

export function parseSelectorFlags(
  flags: FlagBag,
  elementTable: readonly SelectorFlag[] = ELEMENT_FLAGS,
): ParsedSelector {
  const matcher = parseOne(flags, SELECTOR_JSON, elementTable, SELECTOR_CONFLICT_MESSAGE);
  const container = parseOne(flags, CONTAINER_JSON, CONTAINER_FLAGS, CONTAINER_CONFLICT_MESSAGE);
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
