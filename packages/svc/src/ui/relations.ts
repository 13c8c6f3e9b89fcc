// Relations between nodes that actions use, as the operator defines them: what a click lands on, where text goes,
// which value sits beside a label, and the label of a node for result data.
import { type UiNode, type UiTree, walk } from './node.ts';
import { inferRole } from './roles.ts';

/** Label of a node for result data: its text, else its content description. */
export function labelOf(node: UiNode): string {
  return node.text || node.desc;
}

/** The node itself or its nearest ancestor that `want`s (clickable by default) and is enabled. */
export function clickableSelfOrAncestor(
  node: UiNode,
  want: (n: UiNode) => boolean = (n) => n.clickable,
): UiNode | undefined {
  for (let n: UiNode | undefined = node; n; n = n.parent) if (want(n) && n.enabled) return n;
  return undefined;
}

/** The enabled text field at or below a matched node (enter_text may match a field's container or label). */
export function editableWithin(node: UiNode): UiNode | undefined {
  for (const n of walk(node)) if (inferRole(n) === 'textfield' && n.enabled) return n;
  return undefined;
}

/** The value beside a label: the next sibling with text, else the next text node after it in document order. */
export function valueBeside(label: UiNode, tree: UiTree): UiNode | undefined {
  const siblings = label.parent?.children ?? tree.roots;
  const after = siblings.slice(siblings.indexOf(label) + 1);
  for (const sibling of after) for (const n of walk(sibling)) if (n.text) return n;
  const inside = new Set(walk(label));
  return tree.nodes.slice(label.order + 1).find((n) => n.text && !inside.has(n));
}
