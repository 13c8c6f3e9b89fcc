// Rules read off the action definitions (actions/), for the code that treats actions by what they do rather than by
// name: which are clicks (a snapshot right after one may show the screen before it settled), which may change the
// screen (a ref taken before cannot be used after), which params hold a NodeMatcher (refs, selectors).
import { lookupDefinition } from './actions/index.ts';
import type { Action } from './types.ts';

// Each takes any type name: an execution that skipped validation (a test sending a type nothing defines straight to a
// driver) must reach the device's own answer, not fail here.

export function isClick(type: string): boolean {
  return lookupDefinition(type)?.nature === 'click';
}

/** After this action the screen may no longer be the one a snapshot saw (an unknown action may change anything). */
export function changesScreen(action: Action): boolean {
  const rule = lookupDefinition(action.type)?.changesScreen ?? true;
  return typeof rule === 'boolean' ? rule : rule(action.params ?? {});
}

/** The params of one action type that hold a NodeMatcher, in field order. */
export function matcherKeysOf(type: string): readonly string[] {
  const fields = lookupDefinition(type)?.params.fields ?? {};
  return Object.keys(fields).filter((key) => fields[key]?.kind === 'matcher');
}
