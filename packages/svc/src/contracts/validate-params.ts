// Params of one action: alias keys to canonical names, reject unknown keys, check each field, run cross-field rules.
import { definitionOf } from './actions/index.ts';
import { canonicalParamKey } from './aliases.ts';
import type { SvcError } from './errors.ts';
import { checkField } from './fields.ts';
import type { ActionType } from './types.ts';
import { describe, fail, Issues, isPlainObject, toValidationErrorOf } from './validation-issue.ts';

/**
 * Canonical params of one action, or undefined when params were omitted. With `issues`, every unknown key, missing
 * field and bad field is recorded there (cross-field rules run only when the fields are fine); without, the first
 * broken rule is thrown as a ValidationIssue.
 */
export function normalizeParams(
  type: ActionType,
  raw: unknown,
  path: string,
  issues?: Issues,
): Record<string, unknown> | undefined {
  const collect = issues ?? new Issues();
  const before = collect.count;
  const out = collect.check(() => normalizeParamsOf(type, raw, path, collect));
  if (issues === undefined && collect.count > 0) throw collect.list[0];
  return collect.count > before ? undefined : out;
}

function normalizeParamsOf(
  type: ActionType,
  raw: unknown,
  path: string,
  issues: Issues,
): Record<string, unknown> | undefined {
  const spec = definitionOf(type).params;
  const allowed = Object.keys(spec.fields);
  if (raw !== undefined && !isPlainObject(raw)) {
    fail(path, `expected an object, got ${describe(raw)}`, 'object');
  }
  const source: Record<string, unknown> = raw ?? {};
  const byCanonical: Record<string, unknown> = Object.create(null);
  const inputKeyOf: Record<string, string> = Object.create(null);
  for (const key of Object.keys(source)) {
    const mapped = canonicalParamKey(type, key);
    const canonical = Object.hasOwn(spec.fields, mapped) ? mapped : key;
    if (!Object.hasOwn(spec.fields, canonical)) {
      const hint = allowed.length === 0 ? 'this action takes no params' : `allowed: ${allowed.join(', ')}`;
      const expected = allowed.length === 0 ? '{}' : allowed.join(', ');
      issues.check(() => fail(`${path}.${key}`, `unknown param for ${type}; ${hint}`, expected));
      continue;
    }
    const previous = inputKeyOf[canonical];
    if (previous !== undefined) {
      issues.check(() => fail(`${path}.${canonical}`, `given twice (as ${previous} and ${key})`, `${canonical} once`));
      continue;
    }
    inputKeyOf[canonical] = key;
    byCanonical[canonical] = source[key];
  }
  for (const name of spec.required ?? []) {
    if (byCanonical[name] === undefined) {
      issues.check(() => fail(`${path}.${name}`, `is required for ${type}`, `${name} present`));
    }
  }
  const before = issues.count;
  // Output in the spec's field order; only known keys are ever written (no prototype keys can leak through).
  const out: Record<string, unknown> = {};
  for (const name of allowed) {
    const value = byCanonical[name];
    if (value === undefined) continue;
    const rule = spec.fields[name];
    if (rule !== undefined) out[name] = issues.check(() => checkField(rule, value, `${path}.${name}`));
  }
  // Cross-field rules assume each field is valid.
  if (issues.count === before) spec.check?.(out, path);
  return raw === undefined ? undefined : out;
}

export type ParamsOutcome = { ok: true; params: Record<string, unknown> | undefined } | { ok: false; error: SvcError };

/** Validates the params of one action of a canonical type on their own (for builders and tests). */
export function validateActionParams(
  type: ActionType,
  params: unknown,
  where: { path?: string; actionId?: string } = {},
): ParamsOutcome {
  const issues = new Issues();
  issues.where.type = type;
  if (where.actionId !== undefined) issues.where.id = where.actionId;
  const out = normalizeParams(type, params, where.path ?? 'params', issues);
  if (issues.count > 0) return { ok: false, error: toValidationErrorOf(issues.list) };
  return { ok: true, params: out };
}
