// The flags of the flat commands that target an element (click/tap, read, wait, wait-for-nav, type, read-value),
// parsed into the typed inputs of one-action.ts.
import { SvcError } from '../contracts/errors.ts';
import type { BuiltExecution } from './execution.ts';
import { isSet, single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import * as oneAction from './one-action.ts';
import { ELEMENT_FLAGS, isEmptyMatcher, parseSelectorFlags, requireMatcher } from './selector.ts';
import { type BuildInput, shapeOf } from './types.ts';

function coordinateOf(input: BuildInput): { x: number; y: number } | undefined {
  const raw = input.flags.coordinate;
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  if (values.length !== 2) {
    throw new SvcError(
      'CLI_USAGE_ERROR',
      `--coordinate takes exactly two values <x> <y>, once (got ${values.length})`,
      { path: '--coordinate' },
    );
  }
  const [x = '', y = ''] = values;
  return {
    x: parseIntegerToken(x, '--coordinate', 'actions[0].params.coordinate.x'),
    y: parseIntegerToken(y, '--coordinate', 'actions[0].params.coordinate.y'),
  };
}

export function buildClick(input: BuildInput): BuiltExecution {
  const { matcher } = parseSelectorFlags(input.flags);
  const coordinate = coordinateOf(input);
  const focus = isSet(input.flags, 'focus');
  const long = isSet(input.flags, 'long');
  if (focus && long) throw new SvcError('CLI_USAGE_ERROR', 'Use --focus or --long, not both', { path: '--long' });
  const clickType = focus ? 'focus' : long ? 'long_click' : undefined;
  const shape = shapeOf(input);
  // Selector and coordinate together (or focus with a coordinate) are the contract's to refuse, as on every surface.
  if (coordinate !== undefined) {
    return oneAction.click(shape, { ...(isEmptyMatcher(matcher) ? {} : { matcher }), coordinate, clickType });
  }
  return oneAction.click(shape, { matcher: requireMatcher(matcher, 'click', 'actions[0].params.matcher'), clickType });
}

export function buildRead(input: BuildInput): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  return oneAction.read(shapeOf(input), {
    matcher: requireMatcher(matcher, 'read', 'actions[0].params.matcher'),
    container,
    all: isSet(input.flags, 'all'),
    validator: single(input.flags, ['validator']),
    validatorPattern: single(input.flags, ['validatorPattern']),
  });
}

export function buildWait(input: BuildInput): BuiltExecution {
  const { matcher } = parseSelectorFlags(input.flags);
  return oneAction.wait(
    { ids: input.ids },
    { matcher: requireMatcher(matcher, 'wait', 'actions[0].params.matcher'), timeoutMs: input.timeoutMs },
  );
}

export function buildWaitForNav(input: BuildInput): BuiltExecution {
  const { matcher } = parseSelectorFlags(input.flags);
  const app = single(input.flags, ['app']);
  if (input.timeoutMs === undefined) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'wait-for-nav requires --timeout <ms> (at most 30000)', {
      path: 'actions[0].params.timeoutMs',
    });
  }
  if (app === undefined && isEmptyMatcher(matcher)) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'wait-for-nav needs --app <package> or a selector', {
      path: 'actions[0].params',
    });
  }
  return oneAction.waitForNav(
    { ids: input.ids },
    { expectedPackage: app, expectedNode: isEmptyMatcher(matcher) ? undefined : matcher, timeoutMs: input.timeoutMs },
  );
}

/** `type`: --text is the text to enter, so --text cannot be a target flag here. */
const TYPE_TARGET_FLAGS = ELEMENT_FLAGS.filter((flag) => flag.field !== 'textEquals');

export function buildType(input: BuildInput): BuiltExecution {
  const { matcher } = parseSelectorFlags(input.flags, TYPE_TARGET_FLAGS);
  const text = single(input.flags, ['text'], { allowBlank: true });
  if (text === undefined) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'type needs --text <text to enter>', {
      path: 'actions[0].params.text',
    });
  }
  return oneAction.type(shapeOf(input), {
    matcher: requireMatcher(matcher, 'type', 'actions[0].params.matcher'),
    text,
    submit: isSet(input.flags, 'submit'),
    clear: isSet(input.flags, 'clear'),
  });
}

export function buildReadValue(input: BuildInput): BuiltExecution {
  const labelMatcher: Record<string, string> = {};
  const label = single(input.flags, ['label', 'text', 'labelText']);
  const labelId = single(input.flags, ['labelId', 'id', 'resourceId']);
  const labelDesc = single(input.flags, ['labelDesc', 'desc', 'contentDesc']);
  if (label !== undefined) labelMatcher.textEquals = label;
  if (labelId !== undefined) labelMatcher.resourceId = labelId;
  if (labelDesc !== undefined) labelMatcher.contentDescEquals = labelDesc;
  const labelRef = single(input.flags, ['labelRef']);
  if (labelRef !== undefined) labelMatcher.ref = labelRef;
  if (Object.keys(labelMatcher).length === 0) {
    throw new SvcError(
      'EXECUTION_VALIDATION_FAILED',
      'read-value needs --label, --label-id, --label-desc or --label-ref',
      {
        path: 'actions[0].params.labelMatcher',
      },
    );
  }
  return oneAction.readValue(shapeOf(input), { labelMatcher, all: isSet(input.flags, 'all') });
}
