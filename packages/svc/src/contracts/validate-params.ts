// Params of one action or chore, by its ParamsSpec: alias keys to canonical names (actions), reject unknown keys,
// check each field, run cross-field rules. One validator for both, so a chore's params say the same errors.
import type { ParamsSpec } from './actions/define.ts';
import { definitionOf } from './actions/index.ts';
import { canonicalParamKey } from './aliases.ts';
import { SvcError } from './errors.ts';
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
  const spec = definitionOf(type).params;
  const out = collect.check(() =>
    normalizeBySpec(spec, type, raw, path, collect, (key) => canonicalParamKey(type, key)),
  );
  if (issues === undefined && collect.count > 0) throw collect.list[0];
  return collect.count > before ? undefined : out;
}

/** `path.key`, or `key` alone at the top (a chore's params are its whole input: `orientation`). */
const at = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/**
 * The params of `owner` (an action type or a chore's name) checked by its spec; `keyOf` maps an alias key to its
 * canonical name. A path of '' names each param by itself (a chore's arguments), else under the path.
 */
function normalizeBySpec(
  spec: ParamsSpec,
  owner: string,
  raw: unknown,
  path: string,
  issues: Issues,
  keyOf: (key: string) => string = (key) => key,
): Record<string, unknown> | undefined {
  const allowed = Object.keys(spec.fields);
  if (raw !== undefined && !isPlainObject(raw)) {
    fail(path === '' ? 'params' : path, `expected an object, got ${describe(raw)}`, 'object');
  }
  const source: Record<string, unknown> = raw ?? {};
  const byCanonical: Record<string, unknown> = Object.create(null);
  const inputKeyOf: Record<string, string> = Object.create(null);
  for (const key of Object.keys(source)) {
    const mapped = keyOf(key);
    const canonical = Object.hasOwn(spec.fields, mapped) ? mapped : key;
    if (!Object.hasOwn(spec.fields, canonical)) {
      const hint = allowed.length === 0 ? `${owner} takes no params` : `allowed: ${allowed.join(', ')}`;
      const expected = allowed.length === 0 ? '{}' : allowed.join(', ');
      issues.check(() => fail(at(path, key), `unknown param for ${owner}; ${hint}`, expected));
      continue;
    }
    const previous = inputKeyOf[canonical];
    if (previous !== undefined) {
      issues.check(() => fail(at(path, canonical), `given twice (as ${previous} and ${key})`, `${canonical} once`));
      continue;
    }
    inputKeyOf[canonical] = key;
    byCanonical[canonical] = source[key];
  }
  for (const name of spec.required ?? []) {
    if (byCanonical[name] === undefined) {
      issues.check(() => fail(at(path, name), `is required for ${owner}`, `${name} present`));
    }
  }
  const before = issues.count;
  // Output in the spec's field order; only known keys are ever written (no prototype keys can leak through).
  const out: Record<string, unknown> = {};
  for (const name of allowed) {
    const value = byCanonical[name];
    if (value === undefined) continue;
    const rule = spec.fields[name];
    if (rule !== undefined) out[name] = issues.check(() => checkField(rule, value, at(path, name)));
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

/**
 * The params of a chore (its whole input, each param named by itself: `orientation`), checked by the same field
 * rules as an action's; every problem is collected into one EXECUTION_VALIDATION_FAILED error.
 */
export function validateChoreParams(chore: { name: string; params: ParamsSpec }, raw: unknown): ParamsOutcome {
  const issues = new Issues();
  const out = issues.check(() => normalizeBySpec(chore.params, chore.name, raw ?? {}, '', issues));
  if (issues.count === 0) return { ok: true, params: out ?? {} };
  const error = toValidationErrorOf(issues.list);
  const message = `Invalid arguments for ${chore.name}: ${error.message}`;
  return { ok: false, error: new SvcError(error.code, message, { tool: chore.name, ...error.details }) };
}
