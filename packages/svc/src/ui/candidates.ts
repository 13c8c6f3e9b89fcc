// When a selector finds nothing, the elements of the screen that come closest to what it asked for, so an agent can
// correct the selector without reading the screen again: the same words in another case or spacing, one text inside
// the other, the same words mistyped (a few letters apart), or words in common. Pure: no I/O.
import { distance } from 'fastest-levenshtein';
import type { NodeMatcher } from '../contracts/types.ts';
import { type ScreenElement, shownInside } from './compact.ts';
import { shortResourceId } from './match.ts';

const MAX_CANDIDATES = 3;
/** One word in three in common, at least: less is noise. */
const MIN_CLOSENESS = 0.33;

const words = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');

/** Letters that may differ, per letter of the longer text, for two texts to count as one mistyped. */
const TYPO_RATIO = 0.25;

/** 1 for the same text, down to 1 - TYPO_RATIO for a few letters apart; 0 when further apart than typos go. */
function typoCloseness(x: string, y: string): number {
  const apart = distance(x, y) / Math.max(x.length, y.length);
  return apart <= TYPO_RATIO ? 1 - apart : 0;
}

/**
 * How close a shown value is to a wanted one: 3 same words, 2 one inside the other, (1, 2) the same words mistyped,
 * (0, 1] words in common.
 */
function closeness(wanted: string, shown: string): number {
  const a = words(wanted);
  const b = words(shown);
  if (a.length === 0 || b.length === 0) return 0;
  const x = a.join(' ');
  const y = b.join(' ');
  if (x === y) return 3;
  if (x.includes(y) || y.includes(x)) return 2;
  const typo = typoCloseness(x, y);
  if (typo > 0) return 1 + typo;
  const common = a.filter((word) => b.includes(word)).length;
  return common / new Set([...a, ...b]).size;
}

function shownValues(element: ScreenElement): string[] {
  const { node } = element;
  const inner = shownInside(node).flatMap((child) => [child.text, child.desc]);
  return [node.text, node.desc, shortResourceId(node.resourceId), ...inner].filter((value) => value.trim() !== '');
}

/** The matcher's values an element could show (role and refs aside). */
function wantedValues(matcher: NodeMatcher): string[] {
  const { resourceId, textEquals, textContains, contentDescEquals, contentDescContains } = matcher;
  return [
    resourceId && shortResourceId(resourceId),
    textEquals,
    textContains,
    contentDescEquals,
    contentDescContains,
  ].filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/** Indexes of the elements closest to `matcher`, best first (at most three; none when nothing is close). */
export function closestElements(elements: readonly ScreenElement[], matcher: NodeMatcher): number[] {
  const wanted = wantedValues(matcher);
  if (wanted.length === 0) return [];
  const scored = elements.map((element, index) => {
    const shown = shownValues(element);
    const score = Math.max(0, ...wanted.flatMap((value) => shown.map((s) => closeness(value, s))));
    return { index, score };
  });
  const best = Math.max(0, ...scored.map((entry) => entry.score));
  // Far behind the best is noise beside it.
  const floor = Math.max(MIN_CLOSENESS, best / 2);
  return scored
    .filter((entry) => entry.score >= floor)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_CANDIDATES)
    .map((entry) => entry.index);
}
