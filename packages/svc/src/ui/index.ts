// The UI tree: parse a hierarchy dump, match nodes the way the operator does, render snapshots. Pure: no I/O.
export { closestElements } from './candidates.ts';
export { readScreen, type Screen } from './compact.ts';
export { leadingSignature, refindContainer, resolveContainer } from './container.ts';
export { tapPointFor } from './hit-test.ts';
export {
  CSS_MATCHES,
  countMatches,
  findAll,
  findFirst,
  isShortResourceId,
  isVisible,
  type Scope,
  shortResourceId,
} from './match.ts';
export { area, centerOf, type Rect, rectString, type UiNode, type UiTree, walk } from './node.ts';
export { parseHierarchy } from './parse.ts';
export {
  clickableSelfOrAncestor,
  clickTargetOf,
  editTargetOf,
  isEditable,
  labelOf,
  valueOfLabel,
} from './relations.ts';
export { renderSnapshot } from './render.ts';
export { inferRole } from './roles.ts';
export {
  type AssignedRefs,
  assignRefs,
  type CurrentElement,
  type KnownScreen,
  pastAfter,
} from './screen-refs.ts';
export { renderCompact, type ScreenForm, screenText } from './screen-text.ts';
export { countSelector, selectorThroughText, suggestSelectors, uniqueSelector } from './selectors.ts';
