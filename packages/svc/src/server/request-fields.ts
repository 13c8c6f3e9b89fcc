// Route-local body fields of SPEC 4.1 (deviceId, both operator-package spellings, screenshot path). Each failure is
// a 400 EXECUTION_VALIDATION_FAILED naming the field in details.path, like full execution validation.
import { SvcError } from '../contracts/errors.ts';
import type { JsonObject } from './http.ts';

export const DEFAULT_OPERATOR_PACKAGE = 'com.svc.operator';

function invalid(path: string, message: string): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', message, { path });
}

/** `deviceId` must be a string when present; a blank one means "no device given" (SPEC 3.3 selection applies). */
export function readDeviceId(body: JsonObject): string | undefined {
  if (!Object.hasOwn(body, 'deviceId')) return undefined;
  const value = body.deviceId;
  if (typeof value !== 'string') throw invalid('deviceId', 'deviceId must be a string.');
  return value.trim() === '' ? undefined : value;
}

/** `operatorPackage` or its other spelling `receiverPackage` (DECISIONS 2), used verbatim when given. */
export function readRequestedPackage(body: JsonObject): string | undefined {
  const given: string[] = [];
  for (const key of ['operatorPackage', 'receiverPackage'] as const) {
    if (!Object.hasOwn(body, key)) continue;
    const value = body[key];
    if (typeof value !== 'string' || value.trim() === '') {
      throw invalid(key, `${key} must be a non-empty string.`);
    }
    given.push(value);
  }
  const [first, second] = given;
  if (first !== undefined && second !== undefined && first !== second) {
    throw invalid('operatorPackage', 'operatorPackage and receiverPackage differ; send one of them.');
  }
  return first;
}

/** Request value verbatim; else non-blank SVC_OPERATOR_PACKAGE, then SVC_RECEIVER_PACKAGE; else the default. */
export function resolveOperatorPackage(requested: string | undefined, env: Record<string, string | undefined>): string {
  if (requested !== undefined) return requested;
  for (const name of ['SVC_OPERATOR_PACKAGE', 'SVC_RECEIVER_PACKAGE']) {
    const value = env[name];
    if (value !== undefined && value.trim() !== '') return value.trim();
  }
  return DEFAULT_OPERATOR_PACKAGE;
}

/** /screenshot `path`: optional, but a present one must be a non-blank string. */
export function readScreenshotPath(body: JsonObject): string | undefined {
  if (!Object.hasOwn(body, 'path')) return undefined;
  const value = body.path;
  if (typeof value !== 'string' || value.trim() === '') throw invalid('path', 'path must be a non-empty string.');
  return value;
}
