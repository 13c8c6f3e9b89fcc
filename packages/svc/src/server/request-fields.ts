// The body fields of the execution routes: which device, operator package and driver (resolved by the one target
// rule, submit/target.ts), how long to wait for a busy device, and the screenshot path. Unknown fields are refused
// by name, so a typo (`device` for `deviceId`) is an error rather than a silently ignored wish. Every problem of a
// body is reported at once: one 400 EXECUTION_VALIDATION_FAILED whose details.path is the first field and whose
// details.issues lists them all.
import type { JsonObject } from '../adapters/http/responses.ts';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { waitDeviceMsProblem } from '../contracts/limits.ts';
import {
  fail,
  Issues,
  mergeValidationErrors,
  toValidationErrorOf,
  ValidationIssue,
} from '../contracts/validation-issue.ts';
import { resolveTarget, type Target } from '../submit/target.ts';

/** The fields every execution route accepts besides its own. */
export const TARGET_FIELDS = [
  'deviceId',
  'operatorPackage',
  'receiverPackage',
  'driver',
  'allowUntestedOperator',
  'waitDeviceMs',
] as const;

/** Records every key of `body` that is not in `allowed`. */
function checkKnownFields(body: JsonObject, allowed: readonly string[], issues: Issues): string[] {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  for (const key of unknown) {
    issues.check(() => fail(key, `unknown body field; allowed: ${allowed.join(', ')}`, allowed.join(', ')));
  }
  return unknown;
}

/**
 * The error for the issues of a body (with `unknown`/`allowed` when fields were unknown), or nothing. `alsoReport`:
 * problems the route found in fields it checks itself (the execution, a format), listed in the same answer when the
 * body has problems of its own (alone, the route reports them its own way).
 */
function bodyError(
  issues: Issues,
  unknown: string[],
  allowed: readonly string[],
  alsoReport: readonly (SvcError | undefined)[] = [],
): SvcError | undefined {
  if (issues.count === 0) return undefined;
  const error = toValidationErrorOf(issues.list);
  const details = { ...error.details, ...(unknown.length > 0 ? { unknown, allowed: [...allowed] } : {}) };
  return mergeValidationErrors([new SvcError(error.code, error.message, details), ...alsoReport]);
}

/** Refuses every key of `body` that is not in `allowed`, naming them all. */
export function rejectUnknownFields(body: JsonObject, allowed: readonly string[]): void {
  const issues = new Issues();
  const error = bodyError(issues, checkKnownFields(body, allowed, issues), allowed);
  if (error) throw error;
}

function optionalString(body: JsonObject, key: string): string | undefined {
  if (!Object.hasOwn(body, key)) return undefined;
  const value = body[key];
  if (typeof value !== 'string') fail(key, `${key} must be a string.`, 'string');
  return value;
}

/** `operatorPackage` or its other spelling `receiverPackage`; both present and different is an error. */
function requestedPackage(body: JsonObject, issues: Issues): string | undefined {
  const given: string[] = [];
  for (const key of ['operatorPackage', 'receiverPackage'] as const) {
    const value = issues.check(() => optionalString(body, key));
    if (value === undefined) continue;
    if (value.trim() === '') issues.check(() => fail(key, `${key} must be a non-empty string.`, 'package name'));
    else given.push(value);
  }
  const [first, second] = given;
  if (first !== undefined && second !== undefined && first !== second) {
    issues.check(() => fail('operatorPackage', 'operatorPackage and receiverPackage differ; send one of them.'));
  }
  return first;
}

export interface RequestTarget {
  target: Target;
  waitDeviceMs?: number;
  /** /screenshot's `path`. */
  path?: string;
}

/** A rule of the target (an unknown driver, a control character) as an issue of this body. */
function targetOf(input: Parameters<typeof resolveTarget>[0], env: Env, issues: Issues): Target | undefined {
  try {
    return resolveTarget(input, env);
  } catch (error) {
    if (!(error instanceof SvcError) || error.code !== 'EXECUTION_VALIDATION_FAILED') throw error;
    const { path, ...extra } = error.details ?? {};
    const issue = new ValidationIssue(String(path ?? 'body'), error.message);
    issue.extra = extra;
    issues.add(issue);
    return undefined;
  }
}

/**
 * Every field of an execution route's body, checked at once: unknown fields (anything outside `allowed`), deviceId
 * (blank = none given), the operator package, the driver, waitDeviceMs and, where allowed, /screenshot's `path`.
 * `alsoReport`: the validation errors of the fields the route checks itself, listed with the body's own problems.
 */
export function readBody(
  body: JsonObject,
  allowed: readonly string[],
  env: Env,
  alsoReport: readonly (SvcError | undefined)[] = [],
): RequestTarget {
  const issues = new Issues();
  const unknown = checkKnownFields(body, allowed, issues);
  const deviceId = issues.check(() => optionalString(body, 'deviceId'));
  const operatorPackage = requestedPackage(body, issues);
  const driver = issues.check(() => optionalString(body, 'driver'));
  const allow = body.allowUntestedOperator;
  if (allow !== undefined && typeof allow !== 'boolean') {
    issues.check(() => fail('allowUntestedOperator', 'allowUntestedOperator must be true or false.', 'boolean'));
  }
  const allowUntestedOperator = allow === true ? true : undefined;
  const target = targetOf({ deviceId, operatorPackage, driver, allowUntestedOperator }, env, issues);
  const out: Partial<RequestTarget> = {};
  if (Object.hasOwn(body, 'waitDeviceMs')) {
    const wait = body.waitDeviceMs;
    const expected = waitDeviceMsProblem(wait);
    if (expected !== undefined) {
      issues.check(() => fail('waitDeviceMs', `waitDeviceMs must be an ${expected}.`, expected));
    } else out.waitDeviceMs = wait as number;
  }
  if (allowed.includes('path')) {
    const path = issues.check(() => optionalString(body, 'path'));
    if (path !== undefined && path.trim() === '') issues.check(() => fail('path', 'path must be a non-empty string.'));
    else if (path !== undefined) out.path = path;
  }
  const error = bodyError(issues, unknown, allowed, alsoReport);
  if (error || target === undefined) throw error;
  return { ...out, target };
}

/** deviceId, the operator package, the driver and waitDeviceMs of a body whose other fields are checked elsewhere. */
export function readTarget(body: JsonObject, env: Env): RequestTarget {
  return readBody(body, Object.keys(body), env);
}
