// Node lookup for actions: always on a fresh tree of the foreground window, visible nodes only.
import { findAll, findFirst, type NodeMatcher } from '../../ui/match.ts';
import type { UiNode } from '../../ui/ui-node.ts';
import type { ActionContext } from '../context.ts';
import { describe } from '../params.ts';
import { notFound } from '../step-error.ts';

export function findNode(ctx: ActionContext, matcher: NodeMatcher, scope?: UiNode): UiNode {
  const node = findFirst(scope ?? ctx.ui.tree(), matcher);
  if (!node) throw notFound(describe(matcher));
  return node;
}

export function findNodes(ctx: ActionContext, matcher: NodeMatcher, scope?: UiNode): UiNode[] {
  const nodes = findAll(scope ?? ctx.ui.tree(), matcher);
  if (nodes.length === 0) throw notFound(describe(matcher));
  return nodes;
}

/** Short name of a container for result data: its resource id, else its class. */
export function containerName(node: UiNode): string {
  return node.resourceId || node.cls;
}
