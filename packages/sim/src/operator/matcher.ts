// NodeMatcher.matches (NodeMatcher.kt:19-27 @ v0.5.2) over the candidate the app builds for each node
// (TaskUiScopeDefault.kt:205-223): every given field must hold (AND); text tests read the label (text, else content
// description), the *Contains forms and the role ignore case, a blank value is allowed.
import type { NodeMatcher } from './model.ts';
import type { AppNode } from './node-tree.ts';
import { findAll } from './node-tree.ts';

const containsIgnoreCase = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());

export function matches(m: NodeMatcher, node: AppNode): boolean {
  if (m.resourceId !== undefined && node.resourceId !== m.resourceId) return false;
  if (m.role !== undefined && node.role.toLowerCase() !== m.role.toLowerCase()) return false;
  if (m.textEquals !== undefined && node.label !== m.textEquals) return false;
  if (m.textContains !== undefined && !containsIgnoreCase(node.label, m.textContains)) return false;
  if (m.contentDescEquals !== undefined && node.contentDescription !== m.contentDescEquals) return false;
  if (m.contentDescContains !== undefined) {
    if (node.contentDescription === undefined || !containsIgnoreCase(node.contentDescription, m.contentDescContains)) {
      return false;
    }
  }
  return true;
}

export const findAllByMatcher = (m: NodeMatcher, root: AppNode) => findAll(root, (n) => matches(m, n));
