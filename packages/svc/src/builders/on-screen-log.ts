// `on-screen-log set|clear` (SPEC 4.4, DECISIONS 7). Each flag maps to the raw field of the same camelCase name;
// omitted flags stay omitted (the device applies defaults), zero is kept, numeric flags follow the token rule.
import type { BuiltExecution } from './execution.ts';
import { single } from './flag-values.ts';
import { parseIntegerToken } from './numeric.ts';
import * as oneAction from './one-action.ts';
import { type BuildInput, shapeOf } from './types.ts';

export const PANEL_STRING_FLAGS = ['anchor', 'textAlign', 'textColor', 'backgroundColor'] as const;
export const PANEL_NUMBER_FLAGS = ['topOffsetDp', 'edgeOffsetDp', 'widthDp', 'fontSizeSp', 'ttlMs'] as const;

const flagOf = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function buildOnScreenLogSet(input: BuildInput): BuiltExecution {
  const params: Record<string, unknown> = {};
  // Whitespace and newlines of the text are preserved; the validator decides on length.
  const text = single(input.flags, ['text'], { allowBlank: true });
  if (text !== undefined) params.text = text;
  for (const key of PANEL_STRING_FLAGS) {
    const value = single(input.flags, [key]);
    if (value !== undefined) params[key] = value;
  }
  for (const key of PANEL_NUMBER_FLAGS) {
    const token = single(input.flags, [key], { allowBlank: true });
    if (token !== undefined) params[key] = parseIntegerToken(token, flagOf(key), `actions[0].params.${key}`);
  }
  return oneAction.onScreenLogSet(shapeOf(input), params);
}

export function buildOnScreenLogClear(input: BuildInput): BuiltExecution {
  return oneAction.onScreenLogClear(shapeOf(input));
}
