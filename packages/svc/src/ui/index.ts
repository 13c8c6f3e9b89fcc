// The UI tree: parse a hierarchy dump, match nodes the way the operator does, render snapshots. Pure: no I/O.
export { closestElements } from './candidates.ts';
export { contentOf, isActionable, layoutSignature, readScreen, type Screen, type ScreenElement } from './compact.ts';
export { type ContainerOutcome, refindContainer, resolveContainer, subtreeSignature } from './container.ts';
export { tapPointFor, touchedNode } from './hit-test.ts';
export {
  countMatches,
  findAll,
  findFirst,
  isShortResourceId,
  isVisible,
  matches,
  resourceIdMatches,
  type Scope,
  shortResourceId,
} from './match.ts';
export { area, centerOf, isWithin, type Rect, rectString, type UiNode, type UiTree, walk } from './node.ts';
export { type ParseOutcome, parseBounds, parseHierarchy } from './parse.ts';
export { clickableSelfOrAncestor, containerName, editableWithin, labelOf, valueBeside } from './relations.ts';
export { escapeXml, renderSnapshot } from './render.ts';
export { inferRole, ROLES, type Role } from './roles.ts';
export {
  type AssignedRefs,
  assignRefs,
  type CurrentElement,
  type ElementStatus,
  type KnownElement,
  type KnownScreen,
  pastAfter,
} from './screen-refs.ts';
export { renderCompact, type ScreenBudget, type ScreenForm, type ScreenText, screenText } from './screen-text.ts';
export {
  type Candidate,
  countSelector,
  type Selector,
  type SelectorCount,
  selectorThroughText,
  suggestSelectors,
  uniqueSelector,
} from './selectors.ts';
