// The rule of the actions that act on an element or at a point (click, double_tap, long_press): exactly one of
// `matcher` or `coordinate`, said in the same words and the same JSON Schema by each.
import type { Coordinate } from '../fields.ts';
import type { NodeMatcher } from '../matcher.ts';
import { fail } from '../validation-issue.ts';
import type { CliInput } from './define.ts';

const EXPECTED = 'exactly one of matcher or coordinate';

export function checkOneTarget(params: { matcher?: NodeMatcher; coordinate?: Coordinate }, path: string): void {
  const hasMatcher = params.matcher !== undefined;
  const hasCoordinate = params.coordinate !== undefined;
  if (hasMatcher && hasCoordinate) fail(`${path}.coordinate`, `give ${EXPECTED}, not both`, EXPECTED);
  if (!hasMatcher && !hasCoordinate) fail(`${path}.matcher`, `is required: give ${EXPECTED}`, EXPECTED);
}

export const ONE_TARGET_SCHEMA = { oneOf: [{ required: ['matcher'] }, { required: ['coordinate'] }] };

/** A command's way to name its target: two positional pixels, or an element's selector flags (one of them). */
export const POINT_OR_ELEMENT: readonly CliInput<'coordinate' | 'matcher'>[] = [
  { kind: 'point', names: ['x', 'y'], param: 'coordinate' },
  { kind: 'selector', param: 'matcher', flags: 'element', required: { unless: 'coordinate' } },
];
