// Relations between nodes that actions use, as the operator app defines them (clawperator apps/android @ v0.5.2):
// what a click lands on, where text goes, which value belongs to a label, and the label of a node for result data.
import { candidates } from './match.ts';
import { labelOf, type UiNode } from './node.ts';
import { keptChildren } from './on-screen.ts';
import { inferRole } from './roles.ts';

export { labelOf };

/** The node itself or its nearest ancestor that `want`s (clickable by default) and is enabled. */
export function clickableSelfOrAncestor(
  node: UiNode,
  want: (n: UiNode) => boolean = (n) => n.clickable,
): UiNode | undefined {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (want(n) && n.enabled) return n;
  return undefined;
}

/**
 * What a click on `node` acts on, as the operator app finds it (NodeExt.kt:460-547 @ v0.5.2): the first node among
 * the match and its 7 nearest ancestors that handles the click (a long click: long-clickable or clickable), or
 * undefined when none does (the app then taps the match's centre).
 */
export function clickTargetOf(node: UiNode, long = false): UiNode | undefined {
  const handles = long ? (n: UiNode) => n.longClickable || n.clickable : (n: UiNode) => n.clickable;
  let n: UiNode | undefined = node;
  for (let depth = 0; n && depth <= 7; depth++, n = n.parent) if (handles(n)) return n;
  return undefined;
}

/** A node that takes text: an EditText (or a subclass such as AutoCompleteTextView), as the dump's class says. */
export const isEditable = (node: UiNode) => inferRole(node) === 'textfield';

/**
 * Where enter_text types (firstEditableAncestorOrSelf, AccessibilityNodeInfoExtAndroid.kt:610-629, used by
 * UiTreeManagerAndroid.kt:76-108): the first editable node among the match and its 7 nearest ancestors, else the
 * match itself (which then takes no text).
 */
export function editTargetOf(node: UiNode): UiNode {
  let n: UiNode | undefined = node;
  for (let depth = 0; n && depth < 8; depth++, n = n.parent) if (isEditable(n)) return n;
  return node;
}

/** Among the subtrees after the label's branch: the first labelled node whose id ends in /summary, else the first. */
function valueAmong(after: readonly UiNode[]): UiNode | undefined {
  const labelled = after.flatMap((n) => [...candidates(n)]).filter((n) => labelOf(n).trim() !== '');
  return labelled.find((n) => n.resourceId.endsWith('/summary')) ?? labelled[0];
}

const ROW_ROLES: ReadonlySet<string> = new Set(['row', 'listitem', 'card']);

/**
 * The value of a label (resolveKeyValuePair, TaskUiScopeDefault.kt:1389-1469): walk up from the label's parent; the
 * first ancestor that is a row, list item or card, or that has children after the branch holding the label, decides:
 * the value is among those following children (value_among). A row with nothing after the label, or no labelled node
 * there, has no value (undefined: VALUE_NODE_NOT_FOUND).
 */
export function valueOfLabel(label: UiNode): UiNode | undefined {
  for (let branch = label, parent = label.parent; parent; branch = parent, parent = parent.parent) {
    const kids = keptChildren(parent);
    const after = kids.slice(kids.indexOf(branch) + 1);
    if (ROW_ROLES.has(inferRole(parent)) || after.length > 0) return after.length > 0 ? valueAmong(after) : undefined;
  }
  return undefined;
}
