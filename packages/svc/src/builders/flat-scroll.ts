// The flags of the flat scroll commands: scroll, scroll-until (scroll_and_click with --click), scroll-and-click,
// parsed into the typed inputs of one-action.ts (which always set the direction and never emit clickAfter: false).
import { SvcError } from '../contracts/errors.ts';
import { ACTION_DEFAULTS } from '../contracts/limits.ts';
import type { BuiltExecution } from './execution.ts';
import { isSet, single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import * as oneAction from './one-action.ts';
import { parseSelectorFlags, requireMatcher } from './selector.ts';
import { type BuildInput, shapeOf } from './types.ts';

function directionOf(input: BuildInput): string {
  const flag = single(input.flags, ['direction']);
  const arg = input.args[0];
  if (flag !== undefined && arg !== undefined) {
    throw new SvcError('CLI_USAGE_ERROR', 'Give the direction once: `scroll up` or `scroll --direction up`', {
      path: '--direction',
    });
  }
  return flag ?? arg ?? ACTION_DEFAULTS.direction;
}

function optionalInteger(input: BuildInput, key: string, flag: string, param: string): number | undefined {
  const token = single(input.flags, [key]);
  return token === undefined ? undefined : parseIntegerToken(token, flag, `actions[0].params.${param}`);
}

export function buildScroll(input: BuildInput): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  if (Object.keys(matcher).length > 0) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'scroll takes only container flags (--container-*)', {
      path: 'actions[0].params',
    });
  }
  return oneAction.scroll(shapeOf(input), { direction: directionOf(input), container });
}

function scrollAndClick(input: BuildInput, id: string): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  return oneAction.scrollAndClick(
    shapeOf(input),
    {
      target: requireMatcher(matcher, id, 'actions[0].params.target'),
      direction: directionOf(input),
      container,
      maxSwipes: optionalInteger(input, 'maxSwipes', '--max-swipes', 'maxSwipes'),
      clickType: isSet(input.flags, 'long') ? 'long_click' : undefined,
    },
    id,
  );
}

export function buildScrollUntil(input: BuildInput): BuiltExecution {
  if (isSet(input.flags, 'click')) return scrollAndClick(input, 'scroll-until');
  const { matcher, container } = parseSelectorFlags(input.flags);
  return oneAction.scrollUntil(shapeOf(input), {
    matcher: requireMatcher(matcher, 'scroll-until', 'actions[0].params.matcher'),
    direction: directionOf(input),
    container,
    maxScrolls: optionalInteger(input, 'maxScrolls', '--max-scrolls', 'maxScrolls'),
    maxDurationMs: optionalInteger(input, 'maxDurationMs', '--max-duration-ms', 'maxDurationMs'),
  });
}

export function buildScrollAndClick(input: BuildInput): BuiltExecution {
  return scrollAndClick(input, 'scroll-and-click');
}
