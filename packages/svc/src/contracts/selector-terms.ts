// The one definition of a selector as an agent writes it: the short keys the compact screen prints (ref, text, desc,
// id, ...) and the NodeMatcher field each fills. The MCP tools' schemas, the execution JSON Schema's short spellings
// and the messages that name a selector (a step that found nothing) all read it. Pure: no I/O.

/** A NodeMatcher's fields (contracts/matcher.ts imports this module, so the type is spelled here). */
type NodeMatcher = {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
  ref?: string;
};

/** The short keys, in the order an agent meets them, with the NodeMatcher field each fills. */
export const SELECTOR_KEYS = [
  { key: 'ref', field: 'ref' },
  { key: 'text', field: 'textEquals' },
  { key: 'textContains', field: 'textContains' },
  { key: 'desc', field: 'contentDescEquals' },
  { key: 'descContains', field: 'contentDescContains' },
  { key: 'id', field: 'resourceId' },
  { key: 'role', field: 'role' },
] as const satisfies readonly { key: string; field: keyof NodeMatcher }[];

/**
 * A selector written as a string: a ref (`"e12"`, an element of the last compact screen), else the text an element
 * shows (`"Humidity"`, a label).
 */
export function selectorOfString(value: string, refPattern: RegExp): NodeMatcher {
  return refPattern.test(value) ? { ref: value } : { textEquals: value };
}

/**
 * The selector as a tool's schema takes it: a string (a ref or a text) or an object of the short keys; the long
 * spellings are taken too, and the contracts check the values. `advertised` is its object branch alone (a plain
 * schema every client takes, and fewer bytes of tool list: the string form is said once, in the instructions).
 */
export function selectorJsonSchema(): { enforced: Record<string, unknown>; advertised: Record<string, unknown> } {
  const properties = Object.fromEntries(SELECTOR_KEYS.map(({ key }) => [key, { type: 'string' }]));
  const advertised = { type: 'object', properties };
  return { enforced: { anyOf: [{ type: 'string' }, { type: 'object' }] }, advertised };
}

/** A matcher in the short keys, as JSON: `{"text":"OK"}`. */
export function selectorText(matcher: NodeMatcher): string {
  const out: Record<string, string> = {};
  for (const { key, field } of SELECTOR_KEYS) {
    const value = matcher[field];
    if (value !== undefined) out[key] = value;
  }
  return JSON.stringify(out);
}

/** The operator app's `NodeMatcher(resourceId=…, role=…, …)` (the Kotlin data class's toString). */
const KOTLIN_MATCHER =
  /NodeMatcher\(resourceId=(.*?), role=(.*?), textEquals=(.*?), textContains=(.*?), contentDescEquals=(.*?), contentDescContains=(.*?)\)/g;
const KOTLIN_ORDER = [
  'resourceId',
  'role',
  'textEquals',
  'textContains',
  'contentDescEquals',
  'contentDescContains',
] as const;

/** A device's message with every `NodeMatcher(...)` it names written as the selector an agent sends. */
export function inSelectorTerms(message: string): string {
  return message.replace(KOTLIN_MATCHER, (...groups: string[]) => {
    const matcher: NodeMatcher = {};
    KOTLIN_ORDER.forEach((field, i) => {
      const value = groups[i + 1];
      if (value !== undefined && value !== 'null') matcher[field] = value;
    });
    return selectorText(matcher);
  });
}
