// Params of one action: alias keys to canonical names, reject unknown keys, check each field, run cross-field rules.
import { canonicalParamKey } from './aliases.ts';
import type { SvcError } from './errors.ts';
import { checkField } from './fields.ts';
import { PARAMS_SPECS } from './params/index.ts';
import type { ActionType } from './types.ts';
import { describe, fail, isPlainObject, toValidationError, ValidationIssue } from './validation-issue.ts';

/** Canonical params of one action, or undefined when params were omitted. Throws ValidationIssue. */
export function normalizeParams(type: ActionType, raw: unknown, path: string): Record<string, unknown> | undefined {
  const spec = PARAMS_SPECS[type];
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
      fail(`${path}.${key}`, `unknown param for ${type}; ${hint}`, allowed.length === 0 ? '{}' : allowed.join(', '));
    }
    const previous = inputKeyOf[canonical];
    if (previous !== undefined) {
      fail(`${path}.${canonical}`, `given twice (as ${previous} and ${key})`, `${canonical} once`);
    }
    inputKeyOf[canonical] = key;
    byCanonical[canonical] = source[key];
  }
  for (const name of spec.required ?? []) {
    if (byCanonical[name] === undefined) fail(`${path}.${name}`, `is required for ${type}`, `${name} present`);
  }
  // Output in the spec's field order; only known keys are ever written (no prototype keys can leak through).
  const out: Record<string, unknown> = {};
  for (const name of allowed) {
    const value = byCanonical[name];
    if (value === undefined) continue;
    const rule = spec.fields[name];
    if (rule !== undefined) out[name] = checkField(rule, value, `${path}.${name}`);
  }
  spec.check?.(out, path);
  return raw === undefined ? undefined : out;
}

export type ParamsOutcome = { ok: true; params: Record<string, unknown> | undefined } | { ok: false; error: SvcError };

/** Validates the params of one action of a canonical type on their own (for builders and tests). */
export function validateActionParams(
  type: ActionType,
  params: unknown,
  where: { path?: string; actionId?: string } = {},
): ParamsOutcome {
  try {
    return { ok: true, params: normalizeParams(type, params, where.path ?? 'params') };
  } catch (error) {
    if (!(error instanceof ValidationIssue)) throw error;
    return {
      ok: false,
      error: toValidationError(error, where.actionId === undefined ? { type } : { id: where.actionId, type }),
    };
  }
}
