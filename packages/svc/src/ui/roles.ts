// The semantic role of a node (NodeMatcher `role`), inferred as the operator infers it: from the widget class
// first, then from structure (rows of a scrolling list, clickable layouts and texts). The raw class name is never
// matched directly. Keep this in step with the operator (the simulator's ui/roles.ts); the shared matcher cases
// (test/fixtures/matcher-cases.json) run against both.
import { MATCHER_ROLES } from '../contracts/limits.ts';
import type { UiNode } from './node.ts';

/** The roles a NodeMatcher may name: the contracts' list, which the validator checks. */
export const ROLES = MATCHER_ROLES;
export type Role = (typeof ROLES)[number];

function simpleName(cls: string): string {
  return cls.slice(Math.max(cls.lastIndexOf('.'), cls.lastIndexOf('$')) + 1);
}

function roleFromClass(name: string): Role | undefined {
  if (/EditText$|AutoCompleteTextView$|SearchView$/.test(name)) return 'textfield';
  if (/^(Switch|SwitchCompat|SwitchMaterial|ToggleButton)$/.test(name)) return 'switch';
  if (/CheckBox$|^CheckedTextView$/.test(name)) return 'checkbox';
  if (/Button$|^Chip$/.test(name)) return 'button';
  if (/Toolbar$|^ActionBar/.test(name)) return 'toolbar';
  if (/^Tab(View)?$|TabView$/.test(name)) return 'tab';
  if (/ImageView$/.test(name)) return 'image';
  return undefined;
}

/** A row of a list: a direct child of a scrollable container (or of the single content holder inside one). */
function isListRow(node: UiNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.scrollable) return true;
  return parent.parent?.scrollable === true && parent.parent.children.length === 1 && !node.scrollable;
}

export function inferRole(node: UiNode): Role | undefined {
  const name = simpleName(node.cls);
  const byClass = roleFromClass(name);
  if (byClass) return byClass;
  if (node.scrollable) return undefined;
  const isText = /TextView$/.test(name);
  if (isListRow(node) && (node.clickable || !isText)) return 'listitem';
  if (isText) return node.clickable ? 'button' : 'text';
  if (node.clickable) return 'button';
  return undefined;
}
