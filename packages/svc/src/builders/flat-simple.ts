// The arguments of the flat commands without selectors (snapshot, screenshot, open, close, press, back, sleep),
// parsed into the typed inputs of one-action.ts.
import { SvcError } from '../contracts/errors.ts';
import type { BuiltExecution } from './execution.ts';
import { single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import * as oneAction from './one-action.ts';
import { type BuildInput, shapeOf } from './types.ts';

export { isUriTarget } from './one-action.ts';

function positional(input: BuildInput, name: string, command: string, path: string): string {
  const value = input.args[0];
  if (value === undefined || value.trim() === '') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', `${command} needs <${name}>`, { path });
  }
  return value;
}

export function buildSnapshot(input: BuildInput): BuiltExecution {
  return oneAction.snapshot(shapeOf(input));
}

export function buildScreenshot(input: BuildInput): BuiltExecution {
  return oneAction.screenshot(shapeOf(input), single(input.flags, ['path']));
}

export function buildOpen(input: BuildInput): BuiltExecution {
  return oneAction.open(shapeOf(input), positional(input, 'package-or-uri', 'open', 'actions[0].params'));
}

export function buildClose(input: BuildInput): BuiltExecution {
  return oneAction.close(shapeOf(input), positional(input, 'package', 'close', 'actions[0].params.applicationId'));
}

export function buildPress(input: BuildInput): BuiltExecution {
  const flagKey = single(input.flags, ['key']);
  const argKey = input.args[0];
  if (flagKey !== undefined && argKey !== undefined) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the key once: `press back` or `press --key back`', { path: '--key' });
  }
  const key = flagKey ?? argKey;
  if (key === undefined || key.trim() === '') {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'press needs a key: back, home or recents', {
      path: 'actions[0].params.key',
    });
  }
  return oneAction.press(shapeOf(input), key);
}

export function buildBack(input: BuildInput): BuiltExecution {
  return oneAction.press(shapeOf(input), 'back', 'back');
}

export function buildSleep(input: BuildInput): BuiltExecution {
  const token = positional(input, 'duration-ms', 'sleep', 'actions[0].params.durationMs');
  const durationMs = parseIntegerToken(token, 'duration-ms', 'actions[0].params.durationMs');
  return oneAction.sleep(shapeOf(input), durationMs);
}
