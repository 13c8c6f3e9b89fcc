// The one definition of a selector as an agent writes it: the short keys the compact screen prints (ref, text, desc,
// id, ...) and the NodeMatcher field each fills. The MCP tools' schemas, the execution JSON Schema's short spellings
// and the messages that name a selector (a step that found nothing) all read it. Pure: no I/O.
import type { NodeMatcher } from './matcher.ts';

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
