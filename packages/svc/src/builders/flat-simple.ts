// Flat commands without selectors (SPEC 4.4 mapping): snapshot, screenshot, open, close, press, back, sleep.
import { SvcError } from '../contracts/errors.ts';
import { type BuiltExecution, plainTimeout, sleepTimeout, wrapExecution } from './execution.ts';
import { single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import type { BuildInput } from './types.ts';

function positional(input: BuildInput, name: string, command: string, path: string): string {
  const value = input.args[0];
  if (value === undefined || value.trim() === '') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${command} needs <${name}>`, { path });
  }
  return value;
}

export function buildSnapshot(input: BuildInput): BuiltExecution {
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'snap', type: 'snapshot_ui' }]);
}

export function buildScreenshot(input: BuildInput): BuiltExecution {
  const path = single(input.flags, ['path']);
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [
    { id: 'shot', type: 'take_screenshot', ...(path === undefined ? {} : { params: { path } }) },
  ]);
}

/** A URI has a scheme (`https:`, `tel:`, `myapp:`); an application id never holds a colon. */
export function isUriTarget(target: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target);
}

export function buildOpen(input: BuildInput): BuiltExecution {
  const target = positional(input, 'package-or-uri', 'open', 'actions[0].params');
  const action = isUriTarget(target)
    ? ({ id: 'open', type: 'open_uri', params: { uri: target } } as const)
    : ({ id: 'open', type: 'open_app', params: { applicationId: target } } as const);
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [action]);
}

export function buildClose(input: BuildInput): BuiltExecution {
  const applicationId = positional(input, 'package', 'close', 'actions[0].params.applicationId');
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [
    { id: 'close', type: 'close_app', params: { applicationId } },
  ]);
}

export function buildPress(input: BuildInput): BuiltExecution {
  const flagKey = single(input.flags, ['key']);
  const argKey = input.args[0];
  if (flagKey !== undefined && argKey !== undefined) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the key once: `press back` or `press --key back`');
  }
  const key = flagKey ?? argKey;
  if (key === undefined || key.trim() === '') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'press needs a key: back, home or recents', {
      path: 'actions[0].params.key',
    });
  }
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'press', type: 'press_key', params: { key } }]);
}

export function buildBack(input: BuildInput): BuiltExecution {
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [
    { id: 'back', type: 'press_key', params: { key: 'back' } },
  ]);
}

export function buildSleep(input: BuildInput): BuiltExecution {
  const token = positional(input, 'duration-ms', 'sleep', 'actions[0].params.durationMs');
  const durationMs = parseIntegerToken(token, '<duration-ms>', 'actions[0].params.durationMs');
  return wrapExecution(input.ids, sleepTimeout(durationMs, input.timeoutMs), [
    { id: 'sleep', type: 'sleep', params: { durationMs } },
  ]);
}
