// Finds nodes of the simulated UI by their fields, for the simulator's own tests (the operator app's matcher, with
// its roles and on-screen rules, lives in ../operator/matcher.ts): the given fields combine with AND, a node with no
// area is skipped, results in document order. `cls` compares the class's last name (`Switch` for
// android.widget.Switch).
import { area, type UiNode, walk } from './ui-node.ts';

export interface FindBy {
  resourceId?: string;
  textEquals?: string;
  cls?: string;
}

function fits(node: UiNode, by: FindBy): boolean {
  if (area(node.bounds) <= 0) return false;
  if (by.resourceId !== undefined && node.resourceId !== by.resourceId) return false;
  if (by.textEquals !== undefined && node.text !== by.textEquals) return false;
  if (by.cls !== undefined && node.cls.split('.').at(-1) !== by.cls) return false;
  return true;
}

export function findAll(root: UiNode, by: FindBy): UiNode[] {
  return [...walk(root)].filter((node) => fits(node, by));
}

export function findFirst(root: UiNode, by: FindBy): UiNode | undefined {
  for (const node of walk(root)) if (fits(node, by)) return node;
  return undefined;
}
