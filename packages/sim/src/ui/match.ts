// NodeMatcher (SPEC 2.3): the given fields combine with AND (DECISIONS 1); only nodes visible on screen are
// candidates; results in document order.
import { inferRole } from './roles.ts';
import { area, type UiNode, walk } from './ui-node.ts';

export interface NodeMatcher {
  resourceId?: string;
  role?: string;
  textEquals?: string;
  textContains?: string;
  contentDescEquals?: string;
  contentDescContains?: string;
}

export function matches(node: UiNode, m: NodeMatcher): boolean {
  if (m.resourceId !== undefined && node.resourceId !== m.resourceId) return false;
  if (m.textEquals !== undefined && node.text !== m.textEquals) return false;
  if (m.textContains !== undefined && !node.text.includes(m.textContains)) return false;
  if (m.contentDescEquals !== undefined && node.desc !== m.contentDescEquals) return false;
  if (m.contentDescContains !== undefined && !node.desc.includes(m.contentDescContains)) return false;
  if (m.role !== undefined && inferRole(node) !== m.role) return false;
  return true;
}

export function isVisible(node: UiNode): boolean {
  return area(node.bounds) > 0;
}

export function findAll(root: UiNode, m: NodeMatcher): UiNode[] {
  const out: UiNode[] = [];
  for (const node of walk(root)) if (isVisible(node) && matches(node, m)) out.push(node);
  return out;
}

export function findFirst(root: UiNode, m: NodeMatcher): UiNode | undefined {
  for (const node of walk(root)) if (isVisible(node) && matches(node, m)) return node;
  return undefined;
}
