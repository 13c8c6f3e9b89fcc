// SPEC 4.4 numeric token rule: a flag value is accepted only when it is one complete JSON number token whose value
// is a finite integer (12, 12.0, 1e3). Blank, hexadecimal, fractional, non-finite and suffixed (12px) tokens are
// rejected here, before anything is dispatched.
import { SvcError } from '../contracts/errors.ts';

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export function parseIntegerToken(token: string, flag: string, executionPath?: string): number {
  const value = JSON_NUMBER.test(token) ? Number(token) : Number.NaN;
  if (!Number.isFinite(value) || !Number.isInteger(value)) {
    // The user typed the flag: it is the path; the execution's field it fills is told beside it.
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${flag} expects an integer (for example 12, 12.0 or 1e3)`, {
      path: flag,
      flag,
      value: token,
      ...(executionPath === undefined ? {} : { executionPath }),
    });
  }
  // -0 is a valid JSON token but should travel as 0.
  return value === 0 ? 0 : value;
}
