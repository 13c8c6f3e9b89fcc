// The versioned input alias tables of SPEC 2.1, 2.2 and 2.3 (SPEC part 9: "Input aliases are an explicit versioned
// table"). Aliases are rewritten to canonical names before validation; canonical names are what is sent and logged.
// The aliases of one action type (its other names, its own param-key aliases) are part of its definition (actions/).
import { ACTION_DEFINITIONS, type ActionType, definitionOf } from './actions/index.ts';

export { MATCHER_KEY_ALIASES } from './matcher.ts';

/** @public The version of these tables, which the specification asks to keep explicit. */
export const ALIAS_TABLE_VERSION = 1;

/** SPEC 2.1: top-level keys. */
export const TOP_LEVEL_KEY_ALIASES: Readonly<Record<string, string>> = {
  command_id: 'commandId',
  task_id: 'taskId',
  expected_format: 'expectedFormat',
  timeout_ms: 'timeoutMs',
};

const byAlias = (names: (type: ActionType) => readonly string[] | undefined): Record<string, ActionType> =>
  Object.fromEntries(ACTION_DEFINITIONS.flatMap((d) => (names(d.type) ?? []).map((alias) => [alias, d.type])));

/** SPEC 2.2: type aliases other than the exact ones. Matched after trimming and lower-casing (C-24). */
export const ACTION_TYPE_ALIASES: Readonly<Record<string, ActionType>> = byAlias((t) => definitionOf(t).aliases);

/** SPEC 2.2: matched exactly (no case change, no trimming); their params are strict and never aliased. */
export const EXACT_ACTION_TYPE_ALIASES: Readonly<Record<string, ActionType>> = byAlias(
  (t) => definitionOf(t).exactAliases,
);

/** SPEC 2.2: generic param-key aliases (all actions except the strict ones). */
export const PARAM_KEY_ALIASES: Readonly<Record<string, string>> = {
  package: 'applicationId',
  package_id: 'applicationId',
  application_id: 'applicationId',
  app: 'applicationId',
  app_id: 'applicationId',
  url: 'uri',
  selector: 'matcher',
  node: 'matcher',
  element: 'matcher',
  file: 'path',
  filePath: 'path',
  output_path: 'path',
  expected_package: 'expectedPackage',
  expected_node: 'expectedNode',
  timeout_ms: 'timeoutMs',
  label_matcher: 'labelMatcher',
  label_selector: 'labelMatcher',
};

/** Canonical action type of an input type string, or undefined (no fuzzy matching beyond case and whitespace). */
export function canonicalActionType(
  raw: string,
  canonical: ReadonlySet<string>,
): { type: ActionType; exactAlias: boolean } | undefined {
  if (Object.hasOwn(EXACT_ACTION_TYPE_ALIASES, raw)) {
    return { type: EXACT_ACTION_TYPE_ALIASES[raw] as ActionType, exactAlias: true };
  }
  const folded = raw.trim().toLowerCase();
  if (canonical.has(folded)) return { type: folded as ActionType, exactAlias: false };
  if (Object.hasOwn(ACTION_TYPE_ALIASES, folded)) {
    return { type: ACTION_TYPE_ALIASES[folded] as ActionType, exactAlias: false };
  }
  return undefined;
}

/**
 * The canonical key an input param key maps to for one action type (itself when no alias applies): the generic
 * aliases, then the action's own (`value` → `text` for enter_text; scroll_and_click calls its matcher `target`).
 */
export function canonicalParamKey(type: ActionType, key: string): string {
  const definition = definitionOf(type);
  if (definition.strictParams === true) return key;
  const generic = Object.hasOwn(PARAM_KEY_ALIASES, key) ? (PARAM_KEY_ALIASES[key] as string) : key;
  const specific = definition.paramAliases;
  if (specific !== undefined && Object.hasOwn(specific, generic)) return specific[generic] as string;
  if (specific !== undefined && Object.hasOwn(specific, key)) return specific[key] as string;
  return generic;
}
