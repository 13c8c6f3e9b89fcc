// The versioned input alias tables of SPEC 2.1, 2.2 and 2.3 (SPEC part 9: "Input aliases are an explicit versioned
// table"). Aliases are rewritten to canonical names before validation; canonical names are what is sent and logged.
import type { ActionType } from './types.ts';

export const ALIAS_TABLE_VERSION = 1;

/** SPEC 2.1: top-level keys. */
export const TOP_LEVEL_KEY_ALIASES: Readonly<Record<string, string>> = {
  command_id: 'commandId',
  task_id: 'taskId',
  expected_format: 'expectedFormat',
  timeout_ms: 'timeoutMs',
};

/** SPEC 2.2: type aliases other than the on-screen-log ones. Matched after trimming and lower-casing (C-24). */
export const ACTION_TYPE_ALIASES: Readonly<Record<string, ActionType>> = {
  open_url: 'open_uri',
  tap: 'click',
  press: 'click',
  wait_for: 'wait_for_node',
  find: 'wait_for_node',
  find_node: 'wait_for_node',
  read: 'read_text',
  snapshot: 'snapshot_ui',
  screenshot: 'take_screenshot',
  capture_screenshot: 'take_screenshot',
  type_text: 'enter_text',
  text_entry: 'enter_text',
  input_text: 'enter_text',
  key_press: 'press_key',
};

/** SPEC 2.2: matched exactly (no case change, no trimming); their params are strict and never aliased. */
export const EXACT_ACTION_TYPE_ALIASES: Readonly<Record<string, ActionType>> = {
  on_screen_log_set: 'set_on_screen_log',
  on_screen_log_clear: 'clear_on_screen_log',
};

/** Action types whose params translate no aliases at all (SPEC 2.2, 2.5 "strict object"). */
export const STRICT_PARAM_ACTIONS: ReadonlySet<ActionType> = new Set(['set_on_screen_log', 'clear_on_screen_log']);

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

/**
 * Per-action param-key aliases, applied after the generic ones. `value` -> `text` only for enter_text (SPEC 2.2);
 * scroll_and_click calls its matcher `target`, and raw input names it `matcher` (SPEC 2.5).
 */
export const ACTION_PARAM_KEY_ALIASES: Readonly<Partial<Record<ActionType, Readonly<Record<string, string>>>>> = {
  enter_text: { value: 'text' },
  scroll_and_click: { matcher: 'target' },
};

/** SPEC 2.3: raw JSON NodeMatcher aliases. */
export const MATCHER_KEY_ALIASES: Readonly<Record<string, string>> = {
  id: 'resourceId',
  resource_id: 'resourceId',
  text: 'textEquals',
  text_contains: 'textContains',
  content_desc: 'contentDescEquals',
  description: 'contentDescEquals',
  accessibility_label: 'contentDescEquals',
  content_desc_equals: 'contentDescEquals',
  content_desc_contains: 'contentDescContains',
  description_contains: 'contentDescContains',
  accessibility_label_contains: 'contentDescContains',
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

/** The canonical key an input param key maps to for one action type (itself when no alias applies). */
export function canonicalParamKey(type: ActionType, key: string): string {
  if (STRICT_PARAM_ACTIONS.has(type)) return key;
  const generic = Object.hasOwn(PARAM_KEY_ALIASES, key) ? (PARAM_KEY_ALIASES[key] as string) : key;
  const specific = ACTION_PARAM_KEY_ALIASES[type];
  if (specific !== undefined && Object.hasOwn(specific, generic)) return specific[generic] as string;
  if (specific !== undefined && Object.hasOwn(specific, key)) return specific[key] as string;
  return generic;
}
