// The first rule an input breaks, as a value (thrown inside the validator, caught once at its entry point).
import { SvcError } from './errors.ts';

export class ValidationIssue extends Error {
  readonly path: string;
  readonly expected: string | undefined;
  constructor(path: string, message: string, expected?: string) {
    super(message);
    this.name = 'ValidationIssue';
    this.path = path;
    this.expected = expected;
  }
}

/** Where the validator is: the path so far plus the action it is inside (for details.actionId/actionType). */
export interface Where {
  readonly path: string;
  readonly actionId?: string;
  readonly actionType?: string;
}

export function fail(path: string, message: string, expected?: string): never {
  throw new ValidationIssue(path, message, expected);
}

export function toValidationError(issue: ValidationIssue, action?: { id?: string; type?: string }): SvcError {
  const details: Record<string, unknown> = { path: issue.path };
  if (action?.id !== undefined) details.actionId = action.id;
  if (action?.type !== undefined) details.actionType = action.type;
  if (issue.expected !== undefined) details.expected = issue.expected;
  return new SvcError('EXECUTION_VALIDATION_FAILED', `${issue.path}: ${issue.message}`, details);
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
