// A rule an input breaks, as a value: thrown inside the validator where a check cannot go on, and collected by
// `Issues` at each point where the next check does not depend on this one, so one answer lists every problem.
import { SvcError } from './errors.ts';

export class ValidationIssue extends Error {
  readonly path: string;
  readonly expected: string | undefined;
  actionId?: string;
  actionType?: string;
  /** More details of this problem (the allowed values, say), merged into details when it is the first one. */
  extra?: Record<string, unknown>;
  constructor(path: string, message: string, expected?: string) {
    super(message);
    this.name = 'ValidationIssue';
    this.path = path;
    this.expected = expected;
  }
}

/** The most problems one error lists (a payload of 50 bad actions should not answer with a wall of text). */
export const MAX_REPORTED_ISSUES = 20;

/** Every broken rule found so far, each with the action it is in. */
export class Issues {
  readonly list: ValidationIssue[] = [];
  /** The action being checked (for details.actionId/actionType). */
  readonly where: { id?: string; type?: string } = {};

  /** Runs one check; a broken rule is recorded and the check's value is undefined. */
  check<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof ValidationIssue)) throw error;
      this.add(error);
      return undefined;
    }
  }

  add(issue: ValidationIssue): void {
    if (this.where.id !== undefined) issue.actionId ??= this.where.id;
    if (this.where.type !== undefined) issue.actionType ??= this.where.type;
    this.list.push(issue);
  }

  get count(): number {
    return this.list.length;
  }
}

/** One issue as the details.issues entry every surface reports: `{ path, message, expected?, actionId?, ... }`. */
export function issueBody(issue: ValidationIssue): Record<string, string> {
  const out: Record<string, string> = { path: issue.path, message: issue.message };
  if (issue.expected !== undefined) out.expected = issue.expected;
  if (issue.actionId !== undefined) out.actionId = issue.actionId;
  if (issue.actionType !== undefined) out.actionType = issue.actionType;
  return out;
}

/**
 * The error for every collected issue: the first one decides message, details.path, actionId, actionType and
 * expected (as when only the first was reported); details.issues lists all of them (at most MAX_REPORTED_ISSUES,
 * details.moreIssues counts the rest).
 */
export function toValidationErrorOf(issues: readonly ValidationIssue[]): SvcError {
  const [first, ...rest] = issues as [ValidationIssue, ...ValidationIssue[]];
  const details: Record<string, unknown> = { ...first.extra, path: first.path };
  if (first.actionId !== undefined) details.actionId = first.actionId;
  if (first.actionType !== undefined) details.actionType = first.actionType;
  if (first.expected !== undefined) details.expected = first.expected;
  details.issues = issues.slice(0, MAX_REPORTED_ISSUES).map(issueBody);
  if (issues.length > MAX_REPORTED_ISSUES) details.moreIssues = issues.length - MAX_REPORTED_ISSUES;
  const more =
    rest.length === 0 ? '' : ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''}: details.issues)`;
  return new SvcError('EXECUTION_VALIDATION_FAILED', `${first.path}: ${first.message}${more}`, details);
}

export function fail(path: string, message: string, expected?: string): never {
  throw new ValidationIssue(path, message, expected);
}

/** One issue as the error (the action it is in, for its details). */
export function toValidationError(
  issue: ValidationIssue,
  action?: { id?: string | undefined; type?: string | undefined },
): SvcError {
  if (action?.id !== undefined) issue.actionId ??= action.id;
  if (action?.type !== undefined) issue.actionType ??= action.type;
  return toValidationErrorOf([issue]);
}

/** A plain JSON object: not null, not an array, no class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a string of ${value.length} chars` : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a value of type ${typeof value}`;
}

/** The problems a validation error lists (its details.issues, else the one it names), as issues again. */
function issuesOf(error: SvcError): ValidationIssue[] {
  const details = error.details ?? {};
  const listed = Array.isArray(details.issues) ? (details.issues as Record<string, unknown>[]) : undefined;
  const entries = listed ?? [{ path: details.path ?? 'body', message: error.message }];
  return entries.map((entry) => {
    const text = (key: string) => (typeof entry[key] === 'string' ? (entry[key] as string) : undefined);
    const issue = new ValidationIssue(text('path') ?? 'body', text('message') ?? error.message, text('expected'));
    const actionId = text('actionId');
    const actionType = text('actionType');
    if (actionId !== undefined) issue.actionId = actionId;
    if (actionType !== undefined) issue.actionType = actionType;
    return issue;
  });
}

/** What a validation error's details say beside its problems (the allowed values, the tool), for the merged one. */
function extraOf(error: SvcError): Record<string, unknown> {
  const { path, issues, moreIssues, expected, actionId, actionType, ...extra } = error.details ?? {};
  return extra;
}

/**
 * Several validation errors of one request (its own fields, an execution inside it) as the one error that lists
 * every problem: the first error's first problem leads, as it would alone. Undefined when there is none.
 */
export function mergeValidationErrors(errors: readonly (SvcError | undefined)[]): SvcError | undefined {
  const given = errors.filter((error): error is SvcError => error !== undefined);
  const [first] = given;
  if (first === undefined) return undefined;
  if (given.length === 1) return first;
  const issues = given.flatMap(issuesOf);
  (issues[0] as ValidationIssue).extra = extraOf(first);
  const listed = toValidationErrorOf(issues);
  // The first error's own message leads (it reads as it would alone), then the count of the others.
  const others = issues.length - 1;
  const lead = first.message.replace(/ \(and \d+ more problems?(: details\.issues)?\)\.?$/, '');
  const merged = new SvcError(
    listed.code,
    `${lead} (and ${others} more problem${others > 1 ? 's' : ''}: details.issues)`,
    listed.details,
  );
  const hidden = given.reduce((sum, error) => sum + Number(error.details?.moreIssues ?? 0), 0);
  if (hidden === 0) return merged;
  const details = merged.details ?? {};
  return new SvcError(merged.code, merged.message, {
    ...details,
    moreIssues: Number(details.moreIssues ?? 0) + hidden,
  });
}

export const isValidation = (error: SvcError) => error.code === 'EXECUTION_VALIDATION_FAILED';

/** A field check's value, or the validation error it threw (any other failure is thrown on). */
export function validationErrorOf<T>(check: () => T): { value?: T; error?: SvcError } {
  try {
    return { value: check() };
  } catch (error) {
    if (error instanceof SvcError && isValidation(error)) return { error };
    throw error;
  }
}

export async function validationErrorOfAsync<T>(check: () => Promise<T>): Promise<{ value?: T; error?: SvcError }> {
  try {
    return { value: await check() };
  } catch (error) {
    if (error instanceof SvcError && isValidation(error)) return { error };
    throw error;
  }
}
