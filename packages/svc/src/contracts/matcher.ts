// SPEC 2.3 NodeMatcher: six optional string fields, at least one, no unknown keys, no blanks, <= 512 chars.
// Raw JSON aliases are rewritten first; the path names the canonical field.
import { LIMITS, MATCHER_ROLES } from './limits.ts';
import { selectorOfString } from './selector-terms.ts';
import { describe, fail, isPlainObject } from './validation-issue.ts';

export interface NodeMatcher {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
  /**
   * A CSS selector, for the elements of a page (Chrome's tabs, debuggable WebViews) that svc reads through DevTools;
   * it matches no native node.
   */
  css?: string;
  /** `e12`: an element of the last compact snapshot of the device, resolved on the host before dispatch. */
  ref?: string;
}

/**
 * SPEC 2.3: raw JSON NodeMatcher aliases; `desc` and `descContains` besides (svc's: the compact screen prints an
 * element's label as `desc=`, so the key an agent copies is the key that matches).
 */
export const MATCHER_KEY_ALIASES: Readonly<Record<string, string>> = {
  id: 'resourceId',
  desc: 'contentDescEquals',
  descContains: 'contentDescContains',
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

export const MATCHER_FIELDS = [
  'resourceId',
  'role',
  'textEquals',
  'textContains',
  'contentDescEquals',
  'contentDescContains',
  'css',
] as const satisfies readonly (keyof NodeMatcher)[];

const FIELD_SET: ReadonlySet<string> = new Set(MATCHER_FIELDS);
const ROLES: ReadonlySet<string> = new Set(MATCHER_ROLES);
const EXPECTED = `a NodeMatcher with at least one of ${MATCHER_FIELDS.join(', ')}, or a string (a ref such as e12, else a text)`;

/** `{ "ref": "e12" }`: an element of the device's last compact snapshot, alone (it already names one element). */
export const REF_PATTERN = /^e[1-9]\d{0,5}$/;

function validateRef(value: Record<string, unknown>, path: string): NodeMatcher {
  const others = Object.keys(value).filter((key) => key !== 'ref');
  if (others.length > 0)
    fail(`${path}.${others[0]}`, 'a ref names one element on its own; give no other field', '{ "ref": "e12" } alone');
  if (typeof value.ref !== 'string' || !REF_PATTERN.test(value.ref)) {
    fail(`${path}.ref`, `expected a ref such as e12 from a compact snapshot, got ${describe(value.ref)}`, 'e<number>');
  }
  return { ref: value.ref };
}

/** The short spellings an agent meets first (the compact screen prints id=, desc=, and text in quotes). */
const SHORT_FORMS = ['id', 'text', 'desc', 'descContains'].join(', ');

export function validateMatcher(value: unknown, path: string): NodeMatcher {
  // `"e12"` is `{ "ref": "e12" }`; any other string is the text an element shows.
  if (typeof value === 'string' && value.trim() !== '')
    return validateMatcher(selectorOfString(value, REF_PATTERN), path);
  if (!isPlainObject(value)) fail(path, `expected ${EXPECTED}, got ${describe(value)}`, EXPECTED);
  if (Object.hasOwn(value, 'ref')) return validateRef(value, path);
  const out: NodeMatcher = {};
  const sourceKey: Partial<Record<keyof NodeMatcher, string>> = {};
  for (const key of Object.keys(value)) {
    const canonical = Object.hasOwn(MATCHER_KEY_ALIASES, key) ? (MATCHER_KEY_ALIASES[key] as string) : key;
    if (!FIELD_SET.has(canonical)) {
      fail(
        `${path}.${key}`,
        `unknown matcher key ${JSON.stringify(key)}; allowed: ${MATCHER_FIELDS.join(', ')} (short forms: ${SHORT_FORMS}), or ref alone`,
        EXPECTED,
      );
    }
    const field = canonical as keyof NodeMatcher;
    const fieldPath = `${path}.${field}`;
    const previous = sourceKey[field];
    if (previous !== undefined) {
      fail(fieldPath, `given twice (as ${previous} and ${key})`, 'each matcher field once');
    }
    sourceKey[field] = key;
    const v = value[key];
    if (typeof v !== 'string') fail(fieldPath, `expected a string, got ${describe(v)}`, 'non-blank string');
    if (v.trim().length === 0) fail(fieldPath, 'must not be blank', 'non-blank string');
    if (v.length > LIMITS.MAX_MATCHER_VALUE_LENGTH) {
      fail(
        fieldPath,
        `must be at most ${LIMITS.MAX_MATCHER_VALUE_LENGTH} chars, got ${v.length}`,
        `at most ${LIMITS.MAX_MATCHER_VALUE_LENGTH} chars`,
      );
    }
    if (field === 'role' && !ROLES.has(v.toLowerCase())) {
      fail(fieldPath, `unknown role ${describe(v)}`, `one of ${MATCHER_ROLES.join(', ')}`);
    }
    out[field] = v;
  }
  if (Object.keys(sourceKey).length === 0) fail(path, `is empty; expected ${EXPECTED}`, EXPECTED);
  // Canonical field order, whatever the input order was.
  const ordered: NodeMatcher = {};
  for (const field of MATCHER_FIELDS) if (out[field] !== undefined) ordered[field] = out[field];
  return ordered;
}
