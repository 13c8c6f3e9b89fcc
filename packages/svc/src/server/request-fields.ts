// The body fields of the execution routes: which device, operator package and driver (resolved by the one target
// rule, submit/target.ts), how long to wait for a busy device, and the screenshot path. Unknown fields are refused
// by name, so a typo (`device` for `deviceId`) is an error rather than a silently ignored wish. Each failure is a
// 400 naming the field in details.path.
import type { JsonObject } from '../adapters/http/responses.ts';
import type { Env } from '../contracts/env.ts';
import { SvcError } from '../contracts/errors.ts';
import { resolveTarget, type Target } from '../submit/target.ts';

/** The fields every execution route accepts besides its own. */
export const TARGET_FIELDS = ['deviceId', 'operatorPackage', 'receiverPackage', 'driver', 'waitDeviceMs'] as const;

/** The longest a request may wait for a busy device. */
const MAX_WAIT_DEVICE_MS = 120_000;

function invalid(path: string, message: string, details: Record<string, unknown> = {}): SvcError {
  return new SvcError('EXECUTION_VALIDATION_FAILED', message, { path, ...details });
}

/** Refuses every key of `body` that is not in `allowed`, naming them all. */
export function rejectUnknownFields(body: JsonObject, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return;
  throw invalid(
    unknown[0] as string,
    `Unknown body field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; allowed: ${allowed.join(', ')}.`,
    {
      unknown,
      allowed: [...allowed],
    },
  );
}

function optionalString(body: JsonObject, key: string): string | undefined {
  if (!Object.hasOwn(body, key)) return undefined;
  const value = body[key];
  if (typeof value !== 'string') throw invalid(key, `${key} must be a string.`);
  return value;
}

/** `operatorPackage` or its other spelling `receiverPackage`; both present and different is an error. */
function requestedPackage(body: JsonObject): string | undefined {
  const given: string[] = [];
  for (const key of ['operatorPackage', 'receiverPackage'] as const) {
    const value = optionalString(body, key);
    if (value === undefined) continue;
    if (value.trim() === '') throw invalid(key, `${key} must be a non-empty string.`);
    given.push(value);
  }
  const [first, second] = given;
  if (first !== undefined && second !== undefined && first !== second) {
    throw invalid('operatorPackage', 'operatorPackage and receiverPackage differ; send one of them.');
  }
  return first;
}

export interface RequestTarget {
  target: Target;
  waitDeviceMs?: number;
}

/** deviceId (blank = none given), the operator package, the driver and waitDeviceMs of a body. */
export function readTarget(body: JsonObject, env: Env): RequestTarget {
  const target = resolveTarget(
    {
      deviceId: optionalString(body, 'deviceId'),
      operatorPackage: requestedPackage(body),
      driver: optionalString(body, 'driver'),
    },
    env,
  );
  if (!Object.hasOwn(body, 'waitDeviceMs')) return { target };
  const wait = body.waitDeviceMs;
  if (typeof wait !== 'number' || !Number.isInteger(wait) || wait < 0 || wait > MAX_WAIT_DEVICE_MS) {
    throw invalid('waitDeviceMs', `waitDeviceMs must be an integer from 0 to ${MAX_WAIT_DEVICE_MS}.`);
  }
  return { target, waitDeviceMs: wait };
}

/** /screenshot `path`: optional, but a present one must be a non-blank string. */
export function readScreenshotPath(body: JsonObject): string | undefined {
  const value = optionalString(body, 'path');
  if (value !== undefined && value.trim() === '') throw invalid('path', 'path must be a non-empty string.');
  return value;
}
