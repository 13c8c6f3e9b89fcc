// Flat scroll commands (SPEC 4.4): scroll, scroll-until (scroll_and_click with --click), scroll-and-click.
// The flat CLI always sets the direction explicitly and never emits `clickAfter: false`.
import { SvcError } from '../contracts/errors.ts';
import { ACTION_DEFAULTS } from '../contracts/limits.ts';
import { type BuiltExecution, plainTimeout, wrapExecution } from './execution.ts';
import { isSet, single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import { parseSelectorFlags, requireMatcher } from './selector.ts';
import type { BuildInput } from './types.ts';

function directionOf(input: BuildInput): string {
  const flag = single(input.flags, ['direction']);
  const arg = input.args[0];
  if (flag !== undefined && arg !== undefined) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the direction once: `scroll up` or `scroll --direction up`');
  }
  return flag ?? arg ?? ACTION_DEFAULTS.direction;
}

function optionalInteger(input: BuildInput, key: string, flag: string, param: string, into: Record<string, unknown>) {
  const token = single(input.flags, [key]);
  if (token !== undefined) into[param] = parseIntegerToken(token, flag, `actions[0].params.${param}`);
}

export function buildScroll(input: BuildInput): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  if (Object.keys(matcher).length > 0) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'scroll takes only container flags (--container-*)', {
      path: 'actions[0].params',
    });
  }
  const params: Record<string, unknown> = { direction: directionOf(input) };
  if (container !== undefined) params.container = container;
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'scroll', type: 'scroll', params }]);
}

function scrollAndClick(input: BuildInput, id: string): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  const params: Record<string, unknown> = {
    target: requireMatcher(matcher, id, 'actions[0].params.target'),
    direction: directionOf(input),
  };
  if (container !== undefined) params.container = container;
  optionalInteger(input, 'maxSwipes', '--max-swipes', 'maxSwipes', params);
  if (isSet(input.flags, 'long')) params.clickType = 'long_click';
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id, type: 'scroll_and_click', params }]);
}

export function buildScrollUntil(input: BuildInput): BuiltExecution {
  if (isSet(input.flags, 'click')) return scrollAndClick(input, 'scroll-until');
  const { matcher, container } = parseSelectorFlags(input.flags);
  const params: Record<string, unknown> = {
    matcher: requireMatcher(matcher, 'scroll-until', 'actions[0].params.matcher'),
    direction: directionOf(input),
  };
  if (container !== undefined) params.container = container;
  optionalInteger(input, 'maxScrolls', '--max-scrolls', 'maxScrolls', params);
  optionalInteger(input, 'maxDurationMs', '--max-duration-ms', 'maxDurationMs', params);
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [
    { id: 'scroll-until', type: 'scroll_until', params },
  ]);
}

export function buildScrollAndClick(input: BuildInput): BuiltExecution {
  return scrollAndClick(input, 'scroll-and-click');
}
