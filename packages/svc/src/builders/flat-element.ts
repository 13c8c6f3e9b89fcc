// Flat commands that target an element (SPEC 4.4 mapping): click/tap, read, wait, wait-for-nav, type, read-value.
import { SvcError } from '../contracts/errors.ts';
import { type BuiltExecution, plainTimeout, waitTimeout, wrapExecution } from './execution.ts';
import { isSet, single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import { ELEMENT_FLAGS, isEmptyMatcher, parseSelectorFlags, requireMatcher } from './selector.ts';
import type { BuildInput } from './types.ts';

function coordinateOf(input: BuildInput): { x: number; y: number } | undefined {
  const raw = input.flags.coordinate;
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  if (values.length !== 2) {
    throw new SvcError('CLI_USAGE_ERROR', `--coordinate takes exactly two values <x> <y>, once (got ${values.length})`);
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
  if (focus && long) throw new SvcError('CLI_USAGE_ERROR', 'Use --focus or --long, not both');
  const params: Record<string, unknown> = {};
  if (coordinate !== undefined) {
    if (!isEmptyMatcher(matcher)) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', 'Use --coordinate or element selector flags, not both', {
        path: 'actions[0].params',
      });
    }
    if (focus) {
      throw new SvcError('EXECUTION_VALIDATION_FAILED', '--focus cannot be used with --coordinate', {
        path: 'actions[0].params.clickType',
      });
    }
    params.coordinate = coordinate;
  } else {
    params.matcher = requireMatcher(matcher, 'click', 'actions[0].params.matcher');
  }
  if (focus) params.clickType = 'focus';
  if (long) params.clickType = 'long_click';
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'click', type: 'click', params }]);
}

export function buildRead(input: BuildInput): BuiltExecution {
  const { matcher, container } = parseSelectorFlags(input.flags);
  const params: Record<string, unknown> = { matcher: requireMatcher(matcher, 'read', 'actions[0].params.matcher') };
  if (container !== undefined) params.container = container;
  if (isSet(input.flags, 'all')) params.all = true;
  const validator = single(input.flags, ['validator']);
  if (validator !== undefined) params.validator = validator;
  const pattern = single(input.flags, ['validatorPattern']);
  if (pattern !== undefined) params.validatorPattern = pattern;
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'read', type: 'read_text', params }]);
}

export function buildWait(input: BuildInput): BuiltExecution {
  const { matcher } = parseSelectorFlags(input.flags);
  const params: Record<string, unknown> = { matcher: requireMatcher(matcher, 'wait', 'actions[0].params.matcher') };
  if (input.timeoutMs !== undefined) params.timeoutMs = input.timeoutMs;
  return wrapExecution(input.ids, waitTimeout(input.timeoutMs), [{ id: 'wait', type: 'wait_for_node', params }]);
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
  const params: Record<string, unknown> = {};
  if (app !== undefined) params.expectedPackage = app;
  if (!isEmptyMatcher(matcher)) params.expectedNode = matcher;
  params.timeoutMs = input.timeoutMs;
  return wrapExecution(input.ids, waitTimeout(input.timeoutMs), [
    { id: 'wait-for-nav', type: 'wait_for_navigation', params },
  ]);
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
  const params: Record<string, unknown> = {
    matcher: requireMatcher(matcher, 'type', 'actions[0].params.matcher'),
    text,
  };
  if (isSet(input.flags, 'submit')) params.submit = true;
  if (isSet(input.flags, 'clear')) params.clear = true;
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [{ id: 'type', type: 'enter_text', params }]);
}

export function buildReadValue(input: BuildInput): BuiltExecution {
  const labelMatcher: Record<string, string> = {};
  const label = single(input.flags, ['label', 'text', 'labelText']);
  const labelId = single(input.flags, ['labelId', 'id', 'resourceId']);
  const labelDesc = single(input.flags, ['labelDesc', 'desc', 'contentDesc']);
  if (label !== undefined) labelMatcher.textEquals = label;
  if (labelId !== undefined) labelMatcher.resourceId = labelId;
  if (labelDesc !== undefined) labelMatcher.contentDescEquals = labelDesc;
  if (Object.keys(labelMatcher).length === 0) {
    throw new SvcError('EXECUTION_VALIDATION_FAILED', 'read-value needs --label, --label-id or --label-desc', {
      path: 'actions[0].params.labelMatcher',
    });
  }
  const params: Record<string, unknown> = { labelMatcher };
  if (isSet(input.flags, 'all')) params.all = true;
  return wrapExecution(input.ids, plainTimeout(input.timeoutMs), [
    { id: 'read-value', type: 'read_key_value_pair', params },
  ]);
}
